// The adapters live in one namespace per provider folder (implementations/Providers/Adapters/<provider>/); tests name
// adapters of every provider, so they see them all.
global using CryptoHarness.Implementations.Adapters.BcryptNet;
global using CryptoHarness.Implementations.Adapters.Blake3Native;
global using CryptoHarness.Implementations.Adapters.Blake3Net;
global using CryptoHarness.Implementations.Adapters.Botan;
global using CryptoHarness.Implementations.Adapters.BouncyCastle;
global using CryptoHarness.Implementations.Adapters.Common;
global using CryptoHarness.Implementations.Adapters.Geralt;
global using CryptoHarness.Implementations.Adapters.Isopoh;
global using CryptoHarness.Implementations.Adapters.Konscious;
global using CryptoHarness.Implementations.Adapters.Libargon2;
global using CryptoHarness.Implementations.Adapters.Libsodium;
global using CryptoHarness.Implementations.Adapters.Libxcrypt;
global using CryptoHarness.Implementations.Adapters.Managed;
global using CryptoHarness.Implementations.Adapters.NSec;
global using CryptoHarness.Implementations.Adapters.Os;
global using CryptoHarness.Implementations.Adapters.TinyKeccak;

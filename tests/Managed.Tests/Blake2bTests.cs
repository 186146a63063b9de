namespace CryptoHarness.Managed.Tests;

/// <summary>
/// BLAKE2b on every path this CPU has: the tests BLAKE2b and BLAKE2s share (<see cref="Blake2Tests{TVariant}"/>), with
/// BLAKE2b's vectors and BouncyCastle's Blake2bDigest (<see cref="Blake2bVariant"/>).
/// </summary>
public sealed class Blake2bTests : Blake2Tests<Blake2bVariant>;

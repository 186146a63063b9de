using System.Text;

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// Argon2 PHC strings: round trips, interoperation both ways with the reference implementation (libargon2's
/// argon2_hash with an encoded buffer and argon2_verify) and libsodium (crypto_pwhash_str and
/// crypto_pwhash_str_verify), malformed strings, and a fuzz test that Verify only ever returns or throws
/// FormatException.
/// </summary>
public sealed class Argon2PhcTests
{
    private static readonly byte[] Salt = Encoding.ASCII.GetBytes("saltsaltsalt1234");

    [Theory]
    [InlineData(Argon2Type.Argon2d, "$argon2d$")]
    [InlineData(Argon2Type.Argon2i, "$argon2i$")]
    [InlineData(Argon2Type.Argon2id, "$argon2id$")]
    public void Round_trips(Argon2Type type, string prefix)
    {
        var parameters = new Argon2Parameters(64, 2, 2);
        string encoded = Argon2Phc.HashToString(type, parameters, "hunter2"u8, Salt, 24);
        Assert.StartsWith(prefix + "v=19$m=64,t=2,p=2$c2FsdHNhbHRzYWx0MTIzNA$", encoded, StringComparison.Ordinal);
        Assert.True(Argon2Phc.TryParse(encoded, out Argon2PhcValue value));
        Assert.Equal(type, value.Type);
        Assert.Equal(parameters, value.Parameters);
        Assert.Equal(Salt, value.Salt.ToArray());
        Assert.Equal(24, value.Tag.Length);
        Assert.Equal(encoded, Argon2Phc.Encode(value.Type, value.Parameters, value.Salt.Span, value.Tag.Span));
        foreach (InstructionSet path in Enum.GetValues<InstructionSet>().Where(Argon2.IsSupported))
        {
            Assert.True(Argon2Phc.Verify(encoded, "hunter2"u8, path));
            Assert.False(Argon2Phc.Verify(encoded, "hunter3"u8, path));
        }
    }

    /// <summary>The reference writes the same string for the same inputs, and each side verifies the other's.</summary>
    [Theory]
    [InlineData(Argon2Type.Argon2d, 16u, 1u, 1, 8, 4)]
    [InlineData(Argon2Type.Argon2i, 64u, 3u, 2, 16, 32)]
    [InlineData(Argon2Type.Argon2id, 256u, 2u, 4, 11, 65)]
    [InlineData(Argon2Type.Argon2id, 1000u, 1u, 3, 33, 100)]
    public void Interoperates_with_the_reference_implementation(Argon2Type type, uint m, uint t, int p, int saltLength, int tagLength)
    {
        byte[] salt = Enumerable.Range(0, saltLength).Select(i => (byte)(i * 37 + 1)).ToArray();
        byte[] password = Encoding.UTF8.GetBytes($"password {type} {m}");

        string theirs = Argon2Reference.HashEncoded(type, m, t, p, password, salt, tagLength);
        Assert.True(Argon2Phc.Verify(theirs, password));
        Assert.False(Argon2Phc.Verify(theirs, "wrong"u8));

        string ours = Argon2Phc.HashToString(type, new Argon2Parameters(m, t, p), password, salt, tagLength);
        Assert.Equal(theirs, ours);
        Assert.Equal(0, Argon2Reference.Verify(type, ours, password));
        Assert.NotEqual(0, Argon2Reference.Verify(type, ours, "wrong"u8));
    }

    /// <summary>libsodium's crypto_pwhash_str (Argon2id, p = 1, random 16-byte salt, 32-byte tag) both ways.</summary>
    [Theory]
    [InlineData(8u, 1u)]
    [InlineData(512u, 3u)]
    [InlineData(4096u, 2u)]
    public void Interoperates_with_libsodium(uint m, uint t)
    {
        byte[] password = Encoding.UTF8.GetBytes($"sodium {m} {t}");
        string theirs = Argon2Reference.SodiumHashString(m, t, password);
        Assert.StartsWith($"$argon2id$v=19$m={m},t={t},p=1$", theirs, StringComparison.Ordinal);
        Assert.True(Argon2Phc.Verify(theirs, password));
        Assert.False(Argon2Phc.Verify(theirs, "sodium"u8));

        string ours = Argon2Phc.HashToString(Argon2Type.Argon2id, new Argon2Parameters(m, t, 1), password, Salt, 32);
        Assert.Equal(0, Argon2Reference.SodiumVerify(ours, password));
        Assert.NotEqual(0, Argon2Reference.SodiumVerify(ours, "sodium"u8));
    }

    // A well-formed string: m=32, t=2, p=1, salt "saltsaltsalt1234", 16-byte tag (its value does not matter here).
    private const string Valid = "$argon2id$v=19$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA";

    [Theory]
    [InlineData("")]
    [InlineData("$argon2id")]
    [InlineData("$argon2id$v=19$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA")]
    [InlineData("$argon2id$v=19$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$")]
    [InlineData("$argon2x$v=19$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2ID$v=19$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$scrypt$v=19$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=16$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=019$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$t=2,m=32,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=32,t=2$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=32,t=2,p=1,x=3$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=032,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=+32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=32,t=0,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=32,t=2,p=0$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=31,t=2,p=4$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=32,t=2,p=16777216$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=4294967296,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=99999999999999999999999,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=4294967295,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=32,t=2,p=1$c2FsdHNhbA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAA")]
    [InlineData("$argon2id$v=19$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA==$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNB$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzN$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=32,t=2,p=1$c2FsdHNh bHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA$")]
    [InlineData("$argon2id$v=19$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA$AAAA")]
    [InlineData("$argon2id$v=19$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA\n")]
    [InlineData("$argon2id$v=19$m=32,t=2,p=1$c2Fsd-NhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData(" $argon2id$v=19$m=32,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$AAAAAAAAAAAAAAAAAAAAAA")]
    public void Rejects_malformed_strings_with_FormatException(string encoded)
    {
        Assert.False(Argon2Phc.TryParse(encoded, out _));
        Assert.Throws<FormatException>(() => Argon2Phc.Verify(encoded, "password"u8));
    }

    [Fact]
    public void The_valid_base_string_parses()
    {
        Assert.True(Argon2Phc.TryParse(Valid, out Argon2PhcValue value));
        Assert.Equal(new Argon2Parameters(32, 2, 1), value.Parameters);
        Assert.False(Argon2Phc.Verify(Valid, "password"u8));
    }

    /// <summary>
    /// Thousands of mutations of valid strings (truncation, character flips, insertions, deletions, bad base64, huge
    /// and odd numbers, unknown variants, extra fields): Verify returns a bool or throws FormatException, nothing
    /// else, and TryParse agrees with it.
    /// </summary>
    [Fact]
    public void Fuzzed_strings_give_a_bool_or_FormatException_only()
    {
        var random = new Random(19);
        string[] seeds =
        [
            Argon2Phc.HashToString(Argon2Type.Argon2id, new Argon2Parameters(16, 1, 1), "pw"u8, Salt, 16),
            Argon2Phc.HashToString(Argon2Type.Argon2i, new Argon2Parameters(32, 2, 2), "pw"u8, Salt.AsSpan(0, 9), 5),
            Argon2Phc.HashToString(Argon2Type.Argon2d, new Argon2Parameters(8, 1, 1), "pw"u8, Salt.AsSpan(0, 8), 4),
            Argon2Reference.SodiumHashString(8, 1, "pw"u8),
        ];
        string[] fragments =
        [
            "$", ",", "=", "v=19", "m=", "t=", "p=", "argon2", "argon2id", "argon2i", "argon2d", "argon2x", "4294967295",
            "4294967296", "18446744073709551616", "0", "00", "-1", "==", "A", "AAAA", "+/", "%", "\0", "é", " ", "$$",
            ",keyid=abc", ",data=AAAA", "$v=16", "16777215", "16777216",
        ];
        int verified = 0;
        int rejected = 0;
        for (int i = 0; i < 4000; i++)
        {
            var text = new StringBuilder(seeds[random.Next(seeds.Length)]);
            int mutations = random.Next(1, 4);
            for (int j = 0; j < mutations && text.Length > 0; j++)
            {
                int at = random.Next(text.Length + 1);
                switch (random.Next(6))
                {
                    case 0: text.Length = Math.Min(at, text.Length); break;
                    case 1: if (at < text.Length) { text[at] = (char)random.Next(32, 127); } break;
                    case 2: text.Insert(at, (char)random.Next(32, 127)); break;
                    case 3: if (at < text.Length) { text.Remove(at, 1); } break;
                    case 4: text.Insert(at, fragments[random.Next(fragments.Length)]); break;
                    default:
                        // Replace one $-separated field by a fragment.
                        string[] fields = text.ToString().Split('$');
                        fields[random.Next(fields.Length)] = fragments[random.Next(fragments.Length)];
                        text.Clear().Append(string.Join('$', fields));
                        break;
                }
            }

            string encoded = text.ToString();
            if (Argon2Phc.TryParse(encoded, out Argon2PhcValue value))
            {
                // Well-formed: verify only what is cheap to compute (mutations may have produced costs of hours).
                if (value.Parameters is { MemoryKib: <= 1024, Passes: <= 4, Lanes: <= 8 })
                {
                    _ = Argon2Phc.Verify(encoded, "pw"u8);
                    verified++;
                }
            }
            else
            {
                Assert.Throws<FormatException>(() => Argon2Phc.Verify(encoded, "pw"u8));
                rejected++;
            }
        }

        Assert.True(verified > 100 && rejected > 1000, $"verified {verified}, rejected {rejected}");
    }
}

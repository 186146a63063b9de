using System.Text;
using Org.BouncyCastle.Crypto.Generators;

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// bcrypt: jBCrypt's vectors, BouncyCastle's OpenBsdBCrypt and raw BCrypt on every password length around the 72-byte
/// cut (ASCII and multi-byte UTF-8), strings verified both ways, the argument checks, malformed strings, no allocation,
/// and a fuzz test that Verify only ever returns or throws FormatException.
/// </summary>
public sealed class BcryptTests
{
    /// <summary>jBCrypt TestBCrypt.java test_vectors (Damien Miller), in $2a$ form: password, string.</summary>
    public static TheoryData<string, string> JBcryptVectors => new()
    {
        { "", "$2a$06$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s." },
        { "a", "$2a$08$cfcvVd2aQ8CMvoMpP2EBfeodLEkkFJ9umNEfPD18.hUF62qqlC/V." },
        { "abc", "$2a$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i" },
        { "abcdefghijklmnopqrstuvwxyz", "$2a$10$fVH8e28OQRj9tqiDXs1e1uxpsjN0c7II7YPKXua2NAKYvM6iQk7dq" },
        { "~!@#$%^&*()      ~!@#$%^&*()PNBFRD", "$2a$12$WApznUOJfkEGSmYRfnkrPOr466oFDCaj4b6HY3EXGvfxm43seyhgC" },
    };

    [Theory]
    [MemberData(nameof(JBcryptVectors))]
    public void Known_answers_verify_and_are_written_again_as_2b(string password, string encoded)
    {
        byte[] bytes = Encoding.ASCII.GetBytes(password);
        Assert.True(Bcrypt.Verify(encoded, bytes));
        Assert.False(Bcrypt.Verify(encoded, Encoding.ASCII.GetBytes(password + "x")));

        // The same salt and cost give the same string but for the version, $2b$ being $2a$ for such passwords.
        int cost = int.Parse(encoded[4..6], System.Globalization.CultureInfo.InvariantCulture);
        byte[] salt = DecodeSalt(encoded);
        Assert.Equal("$2b$" + encoded[4..], Bcrypt.HashToString(bytes, salt, cost));
        Assert.True(Bcrypt.Verify("$2y$" + encoded[4..], bytes));
    }

    /// <summary>
    /// Every password length from 0 to 80 bytes, ASCII and with multi-byte characters, against BouncyCastle: the
    /// strings equal (version 2b), each side verifies the other's, and the raw tag is BCrypt.Generate's first 23 bytes
    /// over the key OpenBSD reads (the password and a NUL, cut at 72 bytes).
    /// </summary>
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Agrees_with_BouncyCastle_around_the_72_byte_cut(bool multiByte)
    {
        var random = new Random(multiByte ? 72 : 27);
        for (int length = 0; length <= 80; length++)
        {
            string password = Password(random, length, multiByte);
            byte[] bytes = Encoding.UTF8.GetBytes(password);
            byte[] salt = new byte[Bcrypt.SaltSizeInBytes];
            random.NextBytes(salt);

            string theirs = OpenBsdBCrypt.Generate("2b", password.ToCharArray(), salt, 4);
            string ours = Bcrypt.HashToString(bytes, salt, 4);
            Assert.Equal(theirs, ours);
            Assert.True(Bcrypt.Verify(theirs, bytes));
            Assert.True(OpenBsdBCrypt.CheckPassword(ours, password.ToCharArray()));

            byte[] key = [.. bytes.Take(Bcrypt.MaximumPasswordBytes), .. bytes.Length < Bcrypt.MaximumPasswordBytes ? [0] : Array.Empty<byte>()];
            byte[] raw = BCrypt.Generate(key, salt, 4, addTerminator: false);
            byte[] tag = new byte[Bcrypt.TagSizeInBytes + 2];
            Bcrypt.HashData(bytes, salt, 4, tag);
            Assert.Equal(raw[..Bcrypt.TagSizeInBytes], tag[..Bcrypt.TagSizeInBytes]);
            Assert.Equal([0, 0], tag[Bcrypt.TagSizeInBytes..]);
        }
    }

    [Fact]
    public void Passwords_are_cut_at_72_bytes_and_not_before()
    {
        byte[] password = Encoding.ASCII.GetBytes(new string('p', 70) + "qrstuvwxyz");
        byte[] salt = Enumerable.Range(1, 16).Select(i => (byte)i).ToArray();
        Assert.Equal(Tag(password, salt), Tag(password[..72], salt));
        Assert.NotEqual(Tag(password[..72], salt), Tag(password[..71], salt));
        Assert.NotEqual(Tag(password[..71], salt), Tag(password[..70], salt));
    }

    [Fact]
    public void Bad_arguments_are_refused()
    {
        byte[] salt = new byte[16];
        byte[] tag = new byte[Bcrypt.TagSizeInBytes];
        Assert.Throws<ArgumentException>(() => Bcrypt.HashData("a\0b"u8, salt, 4, tag));
        Assert.Throws<ArgumentException>(() => Bcrypt.HashData("a"u8, new byte[15], 4, tag));
        Assert.Throws<ArgumentException>(() => Bcrypt.HashData("a"u8, new byte[17], 4, tag));
        Assert.Throws<ArgumentException>(() => Bcrypt.HashData("a"u8, salt, 4, new byte[22]));
        Assert.Throws<ArgumentOutOfRangeException>(() => Bcrypt.HashData("a"u8, salt, 3, tag));
        Assert.Throws<ArgumentOutOfRangeException>(() => Bcrypt.HashData("a"u8, salt, 32, tag));
        Assert.Throws<ArgumentOutOfRangeException>(() => Bcrypt.HashToString("a"u8, salt, 3));
        Assert.Throws<ArgumentException>(() => Bcrypt.Verify("$2b$04$" + new string('.', 53), "a\0"u8));
    }

    [Theory]
    [InlineData("")]
    [InlineData("$2b$04$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s")]
    [InlineData("$2b$04$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s..")]
    [InlineData("$2c$04$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s.")]
    [InlineData("$2x$04$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s.")]
    [InlineData("$2b$03$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s.")]
    [InlineData("$2b$32$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s.")]
    [InlineData("$2b$a4$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s.")]
    [InlineData("$2b$04xDCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s.")]
    [InlineData("$2b$04$DCq7YPn5Rq63x1Lad4cll+TV4S6ytwfsfvkgY8jIucDrjc8deX1s.")]
    [InlineData("$2b$04$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s=")]
    [InlineData("$2b$04$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1sé")]
    public void Malformed_strings_are_a_FormatException(string encoded) =>
        Assert.Throws<FormatException>(() => Bcrypt.Verify(encoded, "a"u8));

    /// <summary>
    /// Mutated strings (a few characters replaced, some cut short): Verify returns or throws FormatException, nothing
    /// else. A mutation may still verify: $2a$ and $2y$ for $2b$, or the unused low bits of the salt's and the tag's last
    /// characters.
    /// </summary>
    [Fact]
    public void Verify_only_returns_or_throws_FormatException_on_mutated_strings()
    {
        string valid = Bcrypt.HashToString("hunter2"u8, new byte[16], 4);
        var random = new Random(60);
        const string Characters = "$./0123456789abyzABYZ\0é+= ";
        for (int i = 0; i < 300; i++)
        {
            var mutated = valid.ToCharArray();
            int edits = random.Next(1, 4);
            for (int e = 0; e < edits; e++)
            {
                mutated[random.Next(mutated.Length)] = Characters[random.Next(Characters.Length)];
            }

            string candidate = random.Next(10) == 0 ? new string(mutated)[..random.Next(mutated.Length)] : new string(mutated);
            try
            {
                _ = Bcrypt.Verify(candidate, "hunter2"u8);
            }
            catch (FormatException)
            {
            }
        }
    }

    [Fact]
    public void Hashing_and_verifying_allocate_nothing()
    {
        byte[] salt = new byte[16];
        byte[] tag = new byte[Bcrypt.TagSizeInBytes];
        string encoded = Bcrypt.HashToString("password"u8, salt, 4);
        Bcrypt.HashData("password"u8, salt, 4, tag);
        Bcrypt.Verify(encoded, "password"u8);

        long before = GC.GetAllocatedBytesForCurrentThread();
        Bcrypt.HashData("password"u8, salt, 4, tag);
        Assert.True(Bcrypt.Verify(encoded, "password"u8));
        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    [Fact]
    public void Only_the_scalar_path_exists()
    {
        Assert.True(Bcrypt.IsSupported(InstructionSet.Scalar));
        Assert.All(Enum.GetValues<InstructionSet>().Where(p => p != InstructionSet.Scalar), p => Assert.False(Bcrypt.IsSupported(p)));
    }

    private static byte[] Tag(byte[] password, byte[] salt)
    {
        byte[] tag = new byte[Bcrypt.TagSizeInBytes];
        Bcrypt.HashData(password, salt, 4, tag);
        return tag;
    }

    /// <summary>A password of <paramref name="length"/> UTF-8 bytes: ASCII, or mixing 2-, 3- and 4-byte characters.</summary>
    private static string Password(Random random, int length, bool multiByte)
    {
        string[] wide = ["é", "€", "𝄞"];
        var text = new StringBuilder();
        int bytes = 0;
        while (bytes < length)
        {
            string next = multiByte && random.Next(2) == 0 ? wide[random.Next(wide.Length)] : ((char)random.Next(33, 127)).ToString();
            int size = Encoding.UTF8.GetByteCount(next);
            if (bytes + size > length)
            {
                next = ((char)random.Next(33, 127)).ToString();
                size = 1;
            }

            text.Append(next);
            bytes += size;
        }

        return text.ToString();
    }

    /// <summary>The 16-byte salt of a bcrypt string (characters 7 to 28), decoded here bit by bit rather than by the code under test.</summary>
    private static byte[] DecodeSalt(string encoded)
    {
        const string Alphabet = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        var salt = new byte[16];
        int bit = 0;
        foreach (char c in encoded.AsSpan(7, 22))
        {
            int value = Alphabet.IndexOf(c, StringComparison.Ordinal);
            for (int b = 5; b >= 0 && bit < 128; b--, bit++)
            {
                if (((value >> b) & 1) != 0)
                {
                    salt[bit >> 3] |= (byte)(0x80 >> (bit & 7));
                }
            }
        }

        return salt;
    }
}

using System.Text;
using CryptoHarness.Running;
using CryptoHarness.Selecting;

namespace CryptoHarness.Tests.Correctness;

/// <summary>
/// Geralt's limits as refusals with their reasons, its verification of strings other libraries wrote, and its AEADs'
/// answer to a forgery. Its known answers and cross-checks are the gate's, as for every entry (<see cref="GateTests"/>).
/// </summary>
public sealed class GeraltTests
{
    private static readonly GeraltArgon2id Argon2id = new();

    [Theory]
    [InlineData(1024, 4, 32, 16, 0, PasswordHashUse.Hash, "one lane only (p=1", "p=4")]
    [InlineData(1024, 4, 32, 16, 0, PasswordHashUse.Encode, "one lane only (p=1", "p=4")]
    [InlineData(1024, 1, 32, 8, 0, PasswordHashUse.Hash, "16-byte salt", "not 8 bytes")]
    [InlineData(1024, 1, 8, 16, 0, PasswordHashUse.Hash, "tags of 16 bytes or more", "asks for 8")]
    [InlineData(1024, 1, 16, 16, 0, PasswordHashUse.Encode, "always writes a 32-byte tag", "asks for 16")]
    [InlineData(1024, 1, 32, 16, 8, PasswordHashUse.Hash, "no secret or associated data", "")]
    [InlineData(2 * 1024 * 1024, 1, 32, 16, 0, PasswordHashUse.Hash, "as an Int32", "m=2097152 KiB")]
    public void Argon2id_refuses_what_geralt_cannot_run_and_says_why(
        int memoryKib, int lanes, int tagBytes, int saltBytes, int secretBytes, PasswordHashUse use, string reason, string detail)
    {
        var support = Argon2id.SupportFor(PasswordHashParameters.Argon2(memoryKib, 1, lanes, tagBytes), new PasswordHashInputs(saltBytes, secretBytes, 0, use));

        Assert.False(support.IsSupported);
        Assert.Contains(reason, support.Reason, StringComparison.Ordinal);
        Assert.Contains(detail, support.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void Argon2id_hashes_at_a_one_lane_set_and_is_listed_with_its_reason_at_a_four_lane_set()
    {
        var fourLanes = PasswordParameterSets.FindArgon2("rfc9106");
        var oneLane = PasswordParameterSets.FindArgon2("owasp");
        var (keys, cannotRun) = PasswordPlan.Cases([Argon2id], [fourLanes, oneLane]);

        Assert.Equal(PasswordOperationNames.All.Select(o => PasswordWorkload.CaseKey("argon2id/geralt", o, "owasp")), keys);
        var atFour = Assert.Single(cannotRun);
        Assert.Equal("rfc9106", atFour.ParameterSet);
        Assert.Contains("one lane only (p=1", atFour.Reason, StringComparison.Ordinal);
    }

    /// <summary>
    /// Verification reads p from the string: a four-lane string of the Argon2 team's library verifies, though Geralt
    /// cannot write one.
    /// </summary>
    [Fact]
    public void Argon2id_verifies_a_four_lane_string_of_the_reference_library_and_refuses_a_wrong_password()
    {
        var encoded = new Libargon2Argon2id().HashToString(PasswordInputs.Password, PasswordInputs.Salt, PasswordHashParameters.Argon2(64, 1, 4, 32));
        Assert.Contains("p=4", encoded, StringComparison.Ordinal);

        Assert.True(Argon2id.Verify(encoded, PasswordInputs.Password));
        Assert.False(Argon2id.Verify(encoded, "not the password"u8));
    }

    [Fact]
    public void Its_own_string_verifies_elsewhere_with_the_tag_it_promises()
    {
        var encoded = Argon2id.HashToString(PasswordInputs.Password, PasswordInputs.Salt, PasswordHashParameters.Argon2(64, 1, 1, 32));

        Assert.StartsWith("$argon2id$v=19$m=64,t=1,p=1$", encoded, StringComparison.Ordinal);
        Assert.DoesNotContain('\0', encoded);
        Assert.Equal(GeraltArgon2id.StringTagBytes, Convert.FromBase64String(PadBase64(encoded[(encoded.LastIndexOf('$') + 1)..])).Length);
        Assert.True(new Libargon2Argon2id().Verify(encoded, PasswordInputs.Password));
    }

    /// <summary>The contract's malformed string: <see cref="FormatException"/>, never another exception.</summary>
    [Theory]
    [InlineData("$argon2i$v=19$m=64,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$wWKIMhR9lyDFvRz9YTZweHKfbftvj+qf+YFY4NeBbtA")]
    [InlineData("$2b$10$abcdefghijklmnopqrstuu")]
    [InlineData("")]
    public void Argon2id_reports_a_string_it_cannot_read_as_a_format_error_or_a_mismatch(string encoded)
    {
        try
        {
            Assert.False(Argon2id.Verify(encoded, PasswordInputs.Password));
        }
        catch (FormatException e)
        {
            Assert.Contains("argon2id/geralt", e.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Argon2id_reports_an_overlong_string_as_a_format_error_or_a_mismatch()
    {
        var encoded = "$argon2id$v=19$m=64,t=1,p=1$" + new string('A', 400);
        try
        {
            Assert.False(Argon2id.Verify(encoded, PasswordInputs.Password));
        }
        catch (FormatException e)
        {
            Assert.Contains("argon2id/geralt", e.Message, StringComparison.Ordinal);
        }
    }

    public static TheoryData<string> AeadIds() => new(GeraltAeads.Entries.Select(e => e.Id));

    /// <summary>A flipped bit of ciphertext, of tag or of associated data is refused, and no plaintext is released.</summary>
    [Theory]
    [MemberData(nameof(AeadIds))]
    public void Aead_refuses_each_forgery_and_releases_no_plaintext(string id)
    {
        var aead = (IAeadImplementation)GeraltAeads.Entries.Single(e => e.Id == id);
        var algorithm = ((IImplementation)aead).Algorithm;
        var key = Filled(algorithm.KeyBytes, 1);
        var nonce = Filled(algorithm.NonceBytes, 2);
        var associatedData = Filled(16, 3);
        var plaintext = Encoding.ASCII.GetBytes("attack at dawn, bring the whole fleet");
        var ciphertext = new byte[plaintext.Length];
        var tag = new byte[algorithm.TagBytes];
        aead.Encrypt(key, nonce, associatedData, plaintext, ciphertext, tag);

        var opened = new byte[plaintext.Length];
        Assert.True(aead.Decrypt(key, nonce, associatedData, ciphertext, tag, opened));
        Assert.Equal(plaintext, opened);

        (byte[] Ciphertext, byte[] Tag, byte[] AssociatedData)[] forgeries =
        [
            (Flip(ciphertext, 5), tag, associatedData),
            (ciphertext, Flip(tag, 0), associatedData),
            (ciphertext, tag, Flip(associatedData, 15)),
        ];
        foreach (var forgery in forgeries)
        {
            var output = new byte[plaintext.Length];
            Assert.False(aead.Decrypt(key, nonce, forgery.AssociatedData, forgery.Ciphertext, forgery.Tag, output));
            Assert.All(output, b => Assert.Equal(0, b));
        }
    }

    private static byte[] Filled(int length, byte value) => Enumerable.Repeat(value, length).ToArray();

    private static byte[] Flip(byte[] bytes, int index)
    {
        var copy = (byte[])bytes.Clone();
        copy[index] ^= 1;
        return copy;
    }

    private static string PadBase64(string unpadded) => unpadded + new string('=', (4 - unpadded.Length % 4) % 4);
}

using static CryptoHarness.Managed.Tests.KeccakTestSupport;

namespace CryptoHarness.Managed.Tests;

/// <summary>TurboSHAKE128/256 and KT128/256 (RFC 9861) on every path, against the RFC's vectors and a plain reference tree.</summary>
public sealed class KangarooTwelveTests
{
    private static InstructionSet[] TreePaths() => Enum.GetValues<InstructionSet>().Where(KangarooTwelve.IsSupported).ToArray();

    public static TheoryData<Rfc9861Vectors.Vector, InstructionSet> TurboShakeVectors =>
        WithEveryPath(Rfc9861Vectors.TurboShake128.Concat(Rfc9861Vectors.TurboShake256));

    public static TheoryData<Rfc9861Vectors.Vector, InstructionSet> KtVectors =>
        WithEveryPath(Rfc9861Vectors.Kt128.Concat(Rfc9861Vectors.Kt256), TreePaths());

    public static TheoryData<InstructionSet> Paths => new(TreePaths());

    [Theory]
    [MemberData(nameof(TurboShakeVectors))]
    public void TurboShake_reproduces_rfc9861(Rfc9861Vectors.Vector vector, InstructionSet path) => AssertReproduces(vector, path);

    [Theory]
    [MemberData(nameof(KtVectors))]
    public void KangarooTwelve_reproduces_rfc9861(Rfc9861Vectors.Vector vector, InstructionSet path) => AssertReproduces(vector, path);

    /// <summary>The RFC's output bytes from offset <c>Skip</c> on, from the function the vector names.</summary>
    private static void AssertReproduces(Rfc9861Vectors.Vector vector, InstructionSet path)
    {
        var expected = Convert.FromHexString(vector.Expected);
        var output = new byte[vector.Skip + expected.Length];
        switch (vector.Function)
        {
            case "TurboSHAKE128": TurboShake.HashData<Bits128>(vector.MessageBytes(), output, vector.Domain, path); break;
            case "TurboSHAKE256": TurboShake.HashData<Bits256>(vector.MessageBytes(), output, vector.Domain, path); break;
            case "KT128": KangarooTwelve.HashData<Bits128>(vector.MessageBytes(), output, vector.CustomizationBytes(), path); break;
            case "KT256": KangarooTwelve.HashData<Bits256>(vector.MessageBytes(), output, vector.CustomizationBytes(), path); break;
            default: throw new ArgumentException($"No function {vector.Function}.", nameof(vector));
        }

        AssertEqual(expected, output.AsSpan(vector.Skip), vector.ToString());
    }

    /// <summary>
    /// Message and customization lengths around every place the tree changes shape (one chunk, two, four leaves for
    /// the four-state code and the two or three left over, a leaf that M and C share), at unaligned offsets, against a
    /// reference that builds S in memory and calls TurboSHAKE once per node (RFC 9861 §3.2 read literally).
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void KangarooTwelve_matches_the_literal_tree(InstructionSet path)
    {
        var buffer = RandomBuffer(12 * 8192 + 64, 901);
        int[] messageLengths =
        [
            0, 1, 167, 168, 8190, 8191, 8192, 8193, 2 * 8192 - 1, 2 * 8192, 2 * 8192 + 1, 3 * 8192, 3 * 8192 + 5,
            4 * 8192, 5 * 8192 + 1, 6 * 8192 - 1, 7 * 8192, 9 * 8192 + 100, 12 * 8192,
        ];
        int[] customizationLengths = [0, 1, 7, 8189, 8190, 8192 + 3];
        foreach (int strength in new[] { 128, 256 })
        {
            foreach (int length in messageLengths)
            {
                foreach (int customizationLength in customizationLengths)
                {
                    int offset = OffsetFor(length + customizationLength);
                    var message = buffer.AsSpan(offset, length);
                    var customization = buffer.AsSpan(7 - offset, customizationLength);
                    int outputLength = strength == 128 ? 32 : 200;
                    var expected = ReferenceKt(strength, message, customization, outputLength);
                    var actual = new byte[outputLength];
                    if (strength == 128)
                    {
                        KangarooTwelve.HashData<Bits128>(message, actual, customization, path);
                    }
                    else
                    {
                        KangarooTwelve.HashData<Bits256>(message, actual, customization, path);
                    }

                    AssertEqual(expected, actual, $"KT{strength}, |M| = {length}, |C| = {customizationLength}, {path}");
                }
            }
        }
    }

    [Fact]
    public void TurboShake_refuses_a_domain_byte_out_of_range()
    {
        var output = new byte[32];
        foreach (byte domain in new byte[] { 0x00, 0x80, 0xFF })
        {
            Assert.Throws<ArgumentOutOfRangeException>(() => TurboShake.HashData<Bits128>("abc"u8, output, domain));
            Assert.Throws<ArgumentOutOfRangeException>(() => TurboShake.HashData<Bits256>("abc"u8, output, domain));
        }
    }

    /// <summary>Every valid D gives its own output, and one distinct from SHAKE's 24-round output for the same suffix.</summary>
    [Fact]
    public void Every_domain_byte_separates()
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        var output = new byte[32];
        for (int domain = 0x01; domain <= 0x7F; domain++)
        {
            TurboShake.HashData<Bits128>("abc"u8, output, (byte)domain);
            Assert.True(seen.Add(Convert.ToHexString(output)), $"D = {domain:X2} repeats an output");
        }

        var shake = new byte[32];
        Shake.HashData<Bits128>("abc"u8, shake);
        TurboShake.HashData<Bits128>("abc"u8, output, 0x1F);
        Assert.NotEqual(shake, output);
    }

    [Fact]
    public void Every_path_refuses_what_it_lacks()
    {
        var output = new byte[32];
        foreach (var path in Enum.GetValues<InstructionSet>().Where(p => !KangarooTwelve.IsSupported(p)))
        {
            var expected = InstructionSets.IsSupported(path) ? typeof(ArgumentException) : typeof(PlatformNotSupportedException);
            Assert.Throws(expected, () => KangarooTwelve.HashData<Bits128>("abc"u8, output, default, path));
        }

        foreach (var path in Enum.GetValues<InstructionSet>().Where(p => !TurboShake.IsSupported(p)))
        {
            var expected = InstructionSets.IsSupported(path) ? typeof(ArgumentException) : typeof(PlatformNotSupportedException);
            Assert.Throws(expected, () => TurboShake.HashData<Bits128>("abc"u8, output, 0x1F, path));
        }
    }

    /// <summary>The registry's per-call promise: nothing on the heap, at every path, after a warm-up call.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Allocates_nothing(InstructionSet path)
    {
        var source = new byte[131072];
        var output = new byte[64];
        var customization = new byte[5];
        KangarooTwelve.HashData<Bits128>(source, output, customization, path);
        KangarooTwelve.HashData<Bits256>(source, output, customization, path);
        long before = GC.GetAllocatedBytesForCurrentThread();
        KangarooTwelve.HashData<Bits128>(source, output, customization, path);
        KangarooTwelve.HashData<Bits256>(source, output, customization, path);
        if (TurboShake.IsSupported(path))
        {
            TurboShake.HashData<Bits128>(source, output, 0x1F, path);
            TurboShake.HashData<Bits256>(source, output, 0x1F, path);
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    /// <summary>Output written over the input: all input is read before the first output byte is written.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Output_may_overlap_the_input(InstructionSet path)
    {
        var message = RandomBuffer(5 * 8192, 77)[..(5 * 8192)];
        var expected = new byte[64];
        KangarooTwelve.HashData<Bits256>(message, expected, "C"u8, path);
        KangarooTwelve.HashData<Bits256>(message, message.AsSpan(100, 64), "C"u8, path);
        Assert.Equal(expected, message.AsSpan(100, 64).ToArray());
    }

    /// <summary>RFC 9861 §3.2, literally: S in one buffer, cut into chunks, each node a TurboSHAKE call on the scalar path.</summary>
    private static byte[] ReferenceKt(int strength, ReadOnlySpan<byte> message, ReadOnlySpan<byte> customization, int outputLength)
    {
        var s = new List<byte>(message.ToArray());
        s.AddRange(customization.ToArray());
        s.AddRange(LengthEncode((ulong)customization.Length));
        var bytes = s.ToArray();
        var output = new byte[outputLength];
        const int B = 8192;
        if (bytes.Length <= B)
        {
            Turbo(bytes, output, 0x07);
            return output;
        }

        var final = new List<byte>(bytes[..B]) { 0x03, 0, 0, 0, 0, 0, 0, 0 };
        int leaves = 0;
        for (int start = B; start < bytes.Length; start += B)
        {
            var cv = new byte[strength == 128 ? 32 : 64];
            Turbo(bytes.AsSpan(start, Math.Min(B, bytes.Length - start)), cv, 0x0B);
            final.AddRange(cv);
            leaves++;
        }

        final.AddRange(LengthEncode((ulong)leaves));
        final.Add(0xFF);
        final.Add(0xFF);
        Turbo(final.ToArray(), output, 0x06);
        return output;

        void Turbo(ReadOnlySpan<byte> input, Span<byte> destination, byte domain)
        {
            if (strength == 128)
            {
                TurboShake.HashData<Bits128>(input, destination, domain, InstructionSet.Scalar);
            }
            else
            {
                TurboShake.HashData<Bits256>(input, destination, domain, InstructionSet.Scalar);
            }
        }
    }

    /// <summary>RFC 9861 §3.3 length_encode, written independently of the library's.</summary>
    private static byte[] LengthEncode(ulong value)
    {
        var bytes = new List<byte>();
        while (value != 0)
        {
            bytes.Insert(0, (byte)value);
            value >>= 8;
        }

        bytes.Add((byte)bytes.Count);
        return bytes.ToArray();
    }
}

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// Argon2 on every path this CPU has: the RFC 9106 §5 vectors, the reference C implementation (Debian's libargon2)
/// and libsodium on pseudo-random parameter sets, bad input, lanes in parallel, and steady-state allocation.
/// </summary>
public sealed class Argon2Tests
{
    public static TheoryData<InstructionSet> Paths => new(Enum.GetValues<InstructionSet>().Where(Argon2.IsSupported));

    public static TheoryData<InstructionSet, Argon2Type> PathsAndTypes
    {
        get
        {
            var data = new TheoryData<InstructionSet, Argon2Type>();
            foreach (InstructionSet path in Enum.GetValues<InstructionSet>().Where(Argon2.IsSupported))
            {
                foreach (Argon2Type type in Enum.GetValues<Argon2Type>())
                {
                    data.Add(path, type);
                }
            }

            return data;
        }
    }

    [Fact]
    public void Scalar_always_exists_and_the_default_path_is_supported()
    {
        Assert.True(Argon2.IsSupported(InstructionSet.Scalar));
        Assert.True(Argon2.IsSupported(Argon2.DefaultPath));
    }

    /// <summary>
    /// RFC 9106 §5.1 (Argon2d), §5.2 (Argon2i) and §5.3 (Argon2id): m = 32 KiB, t = 3, p = 4, password 32 bytes of
    /// 0x01, salt 16 bytes of 0x02, secret 8 bytes of 0x03, associated data 12 bytes of 0x04, 32-byte tag.
    /// </summary>
    [Theory]
    [MemberData(nameof(PathsAndTypes))]
    public void Matches_rfc9106_section5_vectors(InstructionSet path, Argon2Type type)
    {
        string expected = type switch
        {
            Argon2Type.Argon2d => "512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb",
            Argon2Type.Argon2i => "c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8",
            _ => "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659",
        };
        var tag = new byte[32];
        Argon2.Hash(
            type, new Argon2Parameters(32, 3, 4), Filled(32, 0x01), Filled(16, 0x02), tag, Filled(8, 0x03), Filled(12, 0x04), path);
        Assert.Equal(expected, Convert.ToHexStringLower(tag));
    }

    /// <summary>
    /// Against argon2_ctx of the reference implementation on pseudo-random parameter sets (fixed seed): m from 8p
    /// to 4 MiB, t 1 to 4, p 1 to 4, tags of 4 to 128 bytes across the H' boundary at 64, with and without secret
    /// and associated data, every type, inputs at odd offsets of their buffers.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_the_reference_implementation_on_random_parameters(InstructionSet path)
    {
        var random = new Random(9106);
        for (int i = 0; i < 24; i++)
        {
            var type = (Argon2Type)(i % 3);
            int lanes = random.Next(1, 5);
            uint passes = (uint)random.Next(1, 5);

            // Mostly small matrices, log-uniformly, and a few up to 4 MiB; m need not be a multiple of 4p.
            uint memory = i % 8 == 7
                ? (uint)random.Next(1024, 4097)
                : (uint)(8 * lanes * Math.Pow(2, random.NextDouble() * 6)) + (uint)random.Next(0, 4 * lanes);
            int tagLength = random.Next(4) switch { 0 => random.Next(4, 64), 1 => 64, 2 => 65, _ => random.Next(66, 129) };
            RandomBytes(random, random.Next(0, 100), out ReadOnlyMemory<byte> passwordSlice);
            RandomBytes(random, random.Next(8, 40), out ReadOnlyMemory<byte> salt);
            ReadOnlyMemory<byte> secret = random.Next(2) == 0 ? default : RandomSlice(random, random.Next(1, 40));
            ReadOnlyMemory<byte> associatedData = random.Next(2) == 0 ? default : RandomSlice(random, random.Next(1, 60));

            byte[] expected = Argon2Reference.Hash(
                type, memory, passes, lanes, passwordSlice.Span, salt.Span, secret.Span, associatedData.Span, tagLength);
            var buffer = new byte[tagLength + 3];
            Span<byte> tag = buffer.AsSpan(3, tagLength);
            Argon2.Hash(type, new Argon2Parameters(memory, passes, lanes), passwordSlice.Span, salt.Span, tag, secret.Span, associatedData.Span, path);
            Assert.True(
                expected.AsSpan().SequenceEqual(tag),
                $"{type} m={memory} t={passes} p={lanes} T={tagLength} |P|={passwordSlice.Length} |S|={salt.Length} |K|={secret.Length} |X|={associatedData.Length}");
            Assert.Equal(0, buffer[0] | buffer[1] | buffer[2]);
        }
    }

    /// <summary>More lanes than this machine has cores, and lanes that do not divide m, against the reference.</summary>
    [Theory]
    [InlineData(2, 1024u)]
    [InlineData(3, 999u)]
    [InlineData(4, 16384u)]
    [InlineData(5, 1000u)]
    [InlineData(16, 2048u)]
    public void Lanes_in_parallel_give_the_reference_tag(int lanes, uint memory)
    {
        byte[] password = "parallel lanes"u8.ToArray();
        byte[] salt = "somesalt0123"u8.ToArray();
        foreach (Argon2Type type in Enum.GetValues<Argon2Type>())
        {
            byte[] expected = Argon2Reference.Hash(type, memory, 2, lanes, password, salt, default, default, 32);
            var tag = new byte[32];
            Argon2.Hash(type, new Argon2Parameters(memory, 2, lanes), password, salt, tag);
            Assert.Equal(Convert.ToHexStringLower(expected), Convert.ToHexStringLower(tag));
        }
    }

    /// <summary>
    /// (path, lanes, cores) for every schedule <see cref="Argon2.HashAsIfOnCores"/> can reach on any machine, on every
    /// path: one lane; fewer lanes than cores; as many; more, where a thread interleaves two lanes' segments (p = 4 and
    /// p = 8 on 2, evenly; p = 3 and p = 5 on 2 and p = 5 on 3, with a last lane on its own); and one core, where the
    /// calling thread interleaves them with no worker at all.
    /// </summary>
    public static TheoryData<InstructionSet, int, int> PathsAndSchedules
    {
        get
        {
            var data = new TheoryData<InstructionSet, int, int>();
            (int Lanes, int Cores)[] schedules = [(1, 1), (1, 4), (2, 4), (3, 8), (2, 2), (4, 4), (4, 2), (8, 2), (3, 2), (5, 2), (5, 3), (3, 1), (4, 1)];
            foreach (InstructionSet path in Enum.GetValues<InstructionSet>().Where(Argon2.IsSupported))
            {
                foreach ((int lanes, int cores) in schedules)
                {
                    data.Add(path, lanes, cores);
                }
            }

            return data;
        }
    }

    /// <summary>
    /// Each schedule against the reference implementation, every type, at the smallest memory RFC 9106 §3.1 allows
    /// (8p KiB, two blocks per segment, so the first slice computes none) and at 600p + 3 KiB, whose segments of 150
    /// blocks need a second address block (§3.4.1.2) and leave 3 KiB unused (m' = 4p * floor(m / 4p)); two passes,
    /// so the second XORs into the first and references wrap around the lane.
    /// </summary>
    [Theory]
    [MemberData(nameof(PathsAndSchedules))]
    public void Every_schedule_of_lanes_over_cores_gives_the_reference_tag(InstructionSet path, int lanes, int cores)
    {
        byte[] password = "lanes over cores"u8.ToArray();
        byte[] salt = "saltsaltsalt"u8.ToArray();
        foreach (uint memory in (ReadOnlySpan<uint>)[(uint)(8 * lanes), (uint)((600 * lanes) + 3)])
        {
            foreach (Argon2Type type in Enum.GetValues<Argon2Type>())
            {
                byte[] expected = Argon2Reference.Hash(type, memory, 2, lanes, password, salt, default, default, 32);
                var tag = new byte[32];
                Argon2.HashAsIfOnCores(type, new Argon2Parameters(memory, 2, lanes), password, salt, tag, default, default, path, cores);
                Assert.True(
                    Convert.ToHexStringLower(expected) == Convert.ToHexStringLower(tag),
                    $"{type} m={memory} t=2 p={lanes} on {cores} cores");
            }
        }
    }

    /// <summary>The RFC 9106 §5 vectors (p = 4 at m = 32 KiB, the minimum 8p) on one, two, four and eight cores.</summary>
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(4)]
    [InlineData(8)]
    public void Rfc9106_vectors_hold_on_any_number_of_cores(int cores)
    {
        foreach ((Argon2Type type, string expected) in (ReadOnlySpan<(Argon2Type, string)>)[
            (Argon2Type.Argon2d, "512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb"),
            (Argon2Type.Argon2i, "c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8"),
            (Argon2Type.Argon2id, "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659")])
        {
            var tag = new byte[32];
            Argon2.HashAsIfOnCores(
                type, new Argon2Parameters(32, 3, 4), Filled(32, 0x01), Filled(16, 0x02), tag, Filled(8, 0x03), Filled(12, 0x04),
                Argon2.DefaultPath, cores);
            Assert.Equal(expected, Convert.ToHexStringLower(tag));
        }
    }

    /// <summary>libsodium's crypto_pwhash (Argon2id, p = 1, 16-byte salt) as a second independent implementation.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_libsodium_crypto_pwhash(InstructionSet path)
    {
        byte[] salt = Filled(16, 0x5a);
        foreach ((uint memory, uint passes, int tagLength) in (ReadOnlySpan<(uint, uint, int)>)[(8, 1, 16), (64, 3, 32), (1000, 2, 64), (2048, 1, 100)])
        {
            byte[] password = System.Text.Encoding.UTF8.GetBytes($"pw {memory} {passes}");
            byte[] expected = Argon2Reference.SodiumHash(memory, passes, password, salt, tagLength);
            var tag = new byte[tagLength];
            Argon2.Hash(Argon2Type.Argon2id, new Argon2Parameters(memory, passes, 1), password, salt, tag, path);
            Assert.Equal(Convert.ToHexStringLower(expected), Convert.ToHexStringLower(tag));
        }
    }

    [Fact]
    public void Rejects_bad_parameters_before_allocating()
    {
        byte[] salt = Filled(16, 2);
        var tag = new byte[32];

        void Hash(uint m, uint t, int p) => Argon2.Hash(Argon2Type.Argon2id, new Argon2Parameters(m, t, p), [], salt, tag);

        var lanes0 = Assert.Throws<ArgumentOutOfRangeException>(() => Hash(64, 1, 0));
        Assert.Equal("Lanes", lanes0.ParamName);
        Assert.Contains("16777215", lanes0.Message, StringComparison.Ordinal);
        Assert.Equal("Lanes", Assert.Throws<ArgumentOutOfRangeException>(() => Hash(uint.MaxValue, 1, 1 << 24)).ParamName);
        Assert.Equal("Lanes", Assert.Throws<ArgumentOutOfRangeException>(() => Hash(64, 1, -1)).ParamName);
        var passes0 = Assert.Throws<ArgumentOutOfRangeException>(() => Hash(64, 0, 1));
        Assert.Equal("Passes", passes0.ParamName);
        var memory = Assert.Throws<ArgumentOutOfRangeException>(() => Hash(31, 1, 4));
        Assert.Equal("MemoryKib", memory.ParamName);
        Assert.Contains("32", memory.Message, StringComparison.Ordinal);
        Assert.Contains("31", memory.Message, StringComparison.Ordinal);
        Assert.Equal("MemoryKib", Assert.Throws<ArgumentOutOfRangeException>(() => Hash(7, 1, 1)).ParamName);

        // m = 2^32 - 1 KiB, 4 TiB less 1 KiB: more than this machine has, refused without an allocation attempt
        // (which would throw OutOfMemoryException or take minutes).
        long before = GC.GetAllocatedBytesForCurrentThread();
        var huge = Assert.Throws<ArgumentOutOfRangeException>(() => Hash(uint.MaxValue, 1, 1));
        Assert.Equal("MemoryKib", huge.ParamName);
        Assert.Contains(uint.MaxValue.ToString(System.Globalization.CultureInfo.InvariantCulture), huge.Message, StringComparison.Ordinal);

        Assert.Equal("salt", Assert.Throws<ArgumentException>(
            () => Argon2.Hash(Argon2Type.Argon2i, new Argon2Parameters(64, 1, 1), [], new byte[7], tag)).ParamName);
        Assert.Equal("tag", Assert.Throws<ArgumentException>(
            () => Argon2.Hash(Argon2Type.Argon2d, new Argon2Parameters(64, 1, 1), [], salt, new byte[3])).ParamName);
        Assert.Equal("type", Assert.Throws<ArgumentOutOfRangeException>(
            () => Argon2.Hash((Argon2Type)3, new Argon2Parameters(64, 1, 1), [], salt, tag)).ParamName);
        Assert.True(GC.GetAllocatedBytesForCurrentThread() - before < 64 * 1024, "Only exception objects were allocated.");
    }

    [Fact]
    public void Smallest_legal_inputs_work()
    {
        // m = 8p, t = 1, 8-byte salt, 4-byte tag, empty password: RFC 9106 §3.1's minimums.
        foreach (int lanes in (int[])[1, 2, 4])
        {
            var tag = new byte[4];
            Argon2.Hash(Argon2Type.Argon2i, new Argon2Parameters((uint)(8 * lanes), 1, lanes), [], Filled(8, 1), tag);
            byte[] expected = Argon2Reference.Hash(Argon2Type.Argon2i, (uint)(8 * lanes), 1, lanes, [], Filled(8, 1), [], [], 4);
            Assert.Equal(expected, tag);
        }
    }

    [Fact]
    public void Concurrent_callers_get_the_right_tags()
    {
        byte[] salt = Filled(16, 7);
        byte[] expected1 = Argon2Reference.Hash(Argon2Type.Argon2id, 512, 2, 1, "one"u8, salt, [], [], 32);
        byte[] expected3 = Argon2Reference.Hash(Argon2Type.Argon2id, 768, 2, 3, "three"u8, salt, [], [], 32);
        Parallel.For(0, 16, i =>
        {
            var tag = new byte[32];
            if (i % 2 == 0)
            {
                Argon2.Hash(Argon2Type.Argon2id, new Argon2Parameters(512, 2, 1), "one"u8, salt, tag);
                Assert.Equal(expected1, tag);
            }
            else
            {
                Argon2.Hash(Argon2Type.Argon2id, new Argon2Parameters(768, 2, 3), "three"u8, salt, tag);
                Assert.Equal(expected3, tag);
            }
        });
    }

    private static byte[] Filled(int length, byte value) => Enumerable.Repeat(value, length).ToArray();

    // A random buffer with the returned slice starting at an offset of 1 to 7, so nothing relies on alignment.
    private static byte[] RandomBytes(Random random, int length, out ReadOnlyMemory<byte> slice)
    {
        int offset = random.Next(1, 8);
        var buffer = new byte[length + offset];
        random.NextBytes(buffer);
        slice = buffer.AsMemory(offset, length);
        return buffer;
    }

    private static ReadOnlyMemory<byte> RandomSlice(Random random, int length)
    {
        RandomBytes(random, length, out ReadOnlyMemory<byte> slice);
        return slice;
    }
}

/// <summary>
/// Runs alone, after every parallel test class: GC.GetTotalAllocatedBytes counts every thread of the process,
/// so any other test running at the same time would be charged to Argon2.
/// </summary>
[CollectionDefinition(nameof(Argon2AllocationTests), DisableParallelization = true)]
public sealed class Argon2AllocationTestsDefinition;

[Collection(nameof(Argon2AllocationTests))]
public sealed class Argon2AllocationTests
{
    /// <summary>
    /// Steady state allocates at most 1 KiB per hash counting every thread (GC.GetTotalAllocatedBytes), with one
    /// lane and with four, where thread-pool workers join in.
    /// </summary>
    [Theory]
    [InlineData(1)]
    [InlineData(4)]
    public void Steady_state_allocates_at_most_1_KiB_per_hash(int lanes)
    {
        const int hashes = 40;
        var parameters = new Argon2Parameters(256, 2, lanes);
        byte[] salt = Enumerable.Repeat((byte)2, 16).ToArray();
        var tag = new byte[32];
        for (int i = 0; i < 5; i++)
        {
            Argon2.Hash(Argon2Type.Argon2id, parameters, "password"u8, salt, tag);
        }

        // The least of several rounds: an allocation of Argon2's own shows in every round, while the test host's own
        // threads (reporting other results over its pipe) now and then land a few KiB in one round; on a loaded CI
        // machine a single round read 1,044 bytes per hash.
        long perHash = long.MaxValue;
        for (int round = 0; round < 5; round++)
        {
            long before = GC.GetTotalAllocatedBytes(precise: true);
            for (int i = 0; i < hashes; i++)
            {
                Argon2.Hash(Argon2Type.Argon2id, parameters, "password"u8, salt, tag);
            }

            perHash = Math.Min(perHash, (GC.GetTotalAllocatedBytes(precise: true) - before) / hashes);
        }

        Assert.True(perHash <= 1024, $"{perHash} bytes per hash in the least of five rounds");
    }


    /// <summary>
    /// Every pooled matrix is all zeros after a hash, whether one thread cleared it (p = 1) or the lanes' participants
    /// did in parallel (p &gt; 1).
    /// </summary>
    [Theory]
    [InlineData(4096u, 1)]
    [InlineData(4096u, 4)]
    [InlineData(1000u, 3)]
    public void Pooled_matrices_are_zero_after_a_hash(uint memory, int lanes)
    {
        Argon2.Hash(Argon2Type.Argon2d, new Argon2Parameters(memory, 2, lanes), "secret"u8, "saltsalt"u8, new byte[32]);
        AssertPooledMatricesAreZero();
    }

    /// <summary>
    /// Checks that the matrix pool holds at least one buffer and that all it holds is zero. Reads the private pool by
    /// reflection: there is no other way to see freed memory.
    /// </summary>
    internal static unsafe void AssertPooledMatricesAreZero()
    {
        const System.Reflection.BindingFlags privateStatic = System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static;
        Type pool = typeof(Argon2).GetNestedType("MatrixPool", System.Reflection.BindingFlags.NonPublic)!;
        var buffers = (nint[])pool.GetField("Buffers", privateStatic)!.GetValue(null)!;
        var sizes = (nuint[])pool.GetField("Sizes", privateStatic)!.GetValue(null)!;
        int checkedBuffers = 0;
        for (int i = 0; i < buffers.Length; i++)
        {
            if (buffers[i] != 0)
            {
                var contents = new ReadOnlySpan<byte>((void*)buffers[i], checked((int)sizes[i]));
                Assert.True(contents.IndexOfAnyExcept((byte)0) < 0, $"pooled buffer {i} of {sizes[i]} bytes is not zero");
                checkedBuffers++;
            }
        }

        Assert.True(checkedBuffers > 0);
    }
}

/// <summary>
/// Runs alone, like <see cref="Argon2AllocationTests"/>: an interrupt pending when a hash starts would also land in a
/// wait for the matrix pool's lock if another test were hashing at the same time, and the pool is read afterwards.
/// </summary>
[CollectionDefinition(nameof(Argon2InterruptTests), DisableParallelization = true)]
public sealed class Argon2InterruptTestsDefinition;

[Collection(nameof(Argon2InterruptTests))]
public sealed class Argon2InterruptTests
{
    /// <summary>
    /// A caller interrupted (<see cref="Thread.Interrupt"/>) while it waits at a slice end of a hash with lanes finishes
    /// the hash with the right tag and its interrupt still pending afterwards; no participant writes into the matrix
    /// once it is back in the pool (every pooled matrix is zero), and the next hash is right. The caller interrupts
    /// itself just before the hash, so the interrupt lands at its first wait that spins long enough to call
    /// Thread.Sleep(0) or that blocks; with <c>spinBeforeBlocking</c> false every wait not over at once blocks on the
    /// monitor. Eight lanes as if on eight cores (m = 16 MiB, about 10 ms of work), so seven workers compete for this
    /// machine's cores and the caller waits for one of them at some slice end in most hashes. The pool's minimum is
    /// raised to eight threads meanwhile: without that, in a fresh test process no worker started during 100 hashes
    /// (the caller did all the work alone, never waiting). The test repeats until three hashes had a wait of their
    /// caller interrupted (HashAsIfOnCores reports it) and fails if none did in 200. Before the fix the interrupt
    /// escaped the hash as a ThreadInterruptedException while workers still ran.
    /// </summary>
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void An_interrupted_caller_finishes_the_hash_and_keeps_its_interrupt(bool spinBeforeBlocking)
    {
        const int lanes = 8;
        var parameters = new Argon2Parameters(16384, 2, lanes);
        byte[] salt = Enumerable.Repeat((byte)9, 16).ToArray();
        byte[] expected = Argon2Reference.Hash(Argon2Type.Argon2id, parameters.MemoryKib, parameters.Passes, lanes, "interrupted"u8, salt, [], [], 32);
        int interruptedHashes = 0;
        ThreadPool.GetMinThreads(out int minWorkers, out int minIo);
        Assert.True(ThreadPool.SetMinThreads(Math.Max(minWorkers, lanes), minIo));
        try
        {
            for (int attempt = 0; attempt < 200 && interruptedHashes < 3; attempt++)
            {
                var tag = new byte[32];
                Exception? failure = null;
                bool waitInterrupted = false;
                bool interruptPending = false;
                var caller = new Thread(() =>
                {
                    try
                    {
                        Thread.CurrentThread.Interrupt();
                        waitInterrupted = Argon2.HashAsIfOnCores(
                            Argon2Type.Argon2id, parameters, "interrupted"u8, salt, tag, default, default, Argon2.DefaultPath, lanes, spinBeforeBlocking);
                    }
                    catch (Exception e)
                    {
                        failure = e;
                        return;
                    }

                    try
                    {
                        Thread.Sleep(0);
                    }
                    catch (ThreadInterruptedException)
                    {
                        interruptPending = true;
                    }
                });
                caller.Start();
                Assert.True(caller.Join(TimeSpan.FromSeconds(30)), $"attempt {attempt}: the interrupted caller hung");
                Assert.Null(failure);
                Assert.Equal(Convert.ToHexStringLower(expected), Convert.ToHexStringLower(tag));
                Assert.True(interruptPending, $"attempt {attempt}: the interrupt was swallowed (wait interrupted: {waitInterrupted})");
                Argon2AllocationTests.AssertPooledMatricesAreZero();
                if (waitInterrupted)
                {
                    interruptedHashes++;
                }
            }
        }
        finally
        {
            ThreadPool.SetMinThreads(minWorkers, minIo);
        }

        Assert.True(interruptedHashes > 0, "no hash had a wait of its caller interrupted in 200, so nothing was tested");
        var next = new byte[32];
        Argon2.HashAsIfOnCores(Argon2Type.Argon2id, parameters, "interrupted"u8, salt, next, default, default, Argon2.DefaultPath, 2);
        Assert.Equal(Convert.ToHexStringLower(expected), Convert.ToHexStringLower(next));
    }
}

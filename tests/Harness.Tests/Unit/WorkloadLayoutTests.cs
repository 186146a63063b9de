using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using CryptoHarness.Running;
using CryptoHarness.Selecting;

namespace CryptoHarness.Tests.Unit;

/// <summary>
/// The run's workloads hand every provider buffers laid out alike: each at a 64-byte boundary of one pinned block (so no
/// provider's rank rests on where the heap put its arrays), and an AEAD's ciphertext and tag as one message. The batch
/// scenario's messages and digests start at such a boundary too.
/// </summary>
public sealed class WorkloadLayoutTests
{
    private static readonly Provider Spy = new("spy", "test double", () => "test");

    [Theory]
    [InlineData(128)]
    [InlineData(1000)]
    public void A_hash_reads_and_writes_64_byte_aligned_buffers(int size)
    {
        var hash = new AddressSpyHash();
        Workloads.Create(hash, OperationNames.Hash, size).Run();

        Assert.Equal(size, hash.Input.Length);
        Assert.All(new[] { hash.Input.Address, hash.Output.Address }, address => Assert.Equal(0, address % 64));
    }

    [Theory]
    [InlineData(OperationNames.Encrypt, 128)]
    [InlineData(OperationNames.Decrypt, 128)]
    [InlineData(OperationNames.Encrypt, 1000)]
    [InlineData(OperationNames.Decrypt, 1000)]
    public void An_aead_gets_aligned_buffers_and_ciphertext_then_tag_as_one_message(string operation, int size)
    {
        var aead = new AddressSpyAead();
        Workloads.Create(aead, operation, size).Run();

        var call = aead.LastCall;
        Assert.All(new[] { call.Key, call.Nonce, call.AssociatedData, call.Plaintext, call.Ciphertext }, address => Assert.Equal(0, address % 64));
        Assert.Equal(call.Ciphertext + size, call.Tag);
    }

    [Theory]
    [InlineData(4, 64)]
    [InlineData(8, 100)]
    public void A_batch_call_gets_its_messages_and_digests_at_64_byte_boundaries(int batchSize, int messageBytes)
    {
        var batch = new AddressSpyBatchHash();
        Workloads.CreateBatch(batch, batchSize, messageBytes).Run();

        Assert.Equal((batchSize * messageBytes, messageBytes), (batch.Messages.Length, batch.MessageLength));
        Assert.Equal(batchSize * batch.OutputBytes, batch.Digests.Length);
        Assert.All(new[] { batch.Messages.Address, batch.Digests.Address }, address => Assert.Equal(0, address % 64));
    }

    [Fact]
    public void A_loop_of_single_calls_walks_one_aligned_run_of_messages_and_of_digests()
    {
        const int BatchSize = 3, MessageBytes = 100;
        var hash = new AddressSpyHash();
        Workloads.CreateBatch(hash, BatchSize, MessageBytes).Run();

        Assert.Equal(BatchSize, hash.Calls.Count);
        var (firstInput, firstOutput) = hash.Calls[0];
        Assert.All(new[] { firstInput.Address, firstOutput.Address }, address => Assert.Equal(0, address % 64));
        Assert.Equal(
            Enumerable.Range(0, BatchSize).Select(i => (firstInput.Address + (i * MessageBytes), firstOutput.Address + (i * hash.OutputBytes))),
            hash.Calls.Select(call => (call.Input.Address, call.Output.Address)));
    }

    private readonly record struct Buffer(long Address, int Length);

    private static unsafe long AddressOf(ReadOnlySpan<byte> span) => (long)Unsafe.AsPointer(ref MemoryMarshal.GetReference(span));

    private sealed class AddressSpyHash() : HashImplementation(Algorithms.Sha256, Spy)
    {
        public Buffer Input { get; private set; }

        public Buffer Output { get; private set; }

        public List<(Buffer Input, Buffer Output)> Calls { get; } = [];

        protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
        {
            Input = new Buffer(AddressOf(source), source.Length);
            Output = new Buffer(AddressOf(destination), destination.Length);
            Calls.Add((Input, Output));
        }
    }

    private sealed class AddressSpyBatchHash() : HashImplementation(Algorithms.Sha256, Spy), IBatchHashImplementation
    {
        public Buffer Messages { get; private set; }

        public int MessageLength { get; private set; }

        public Buffer Digests { get; private set; }

        public void HashBatch(ReadOnlySpan<byte> messages, int messageLength, Span<byte> destination)
        {
            Messages = new Buffer(AddressOf(messages), messages.Length);
            MessageLength = messageLength;
            Digests = new Buffer(AddressOf(destination), destination.Length);
        }

        protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
            throw new InvalidOperationException("The batch workload must call HashBatch, not single hashes.");
    }

    private sealed class AddressSpyAead() : AeadImplementation(Algorithms.ChaCha20Poly1305, Spy)
    {
        public (long Key, long Nonce, long AssociatedData, long Plaintext, long Ciphertext, long Tag) LastCall { get; private set; }

        protected override void EncryptCore(
            ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag) =>
            LastCall = (AddressOf(key), AddressOf(nonce), AddressOf(associatedData), AddressOf(plaintext), AddressOf(ciphertext), AddressOf(tag));

        protected override bool DecryptCore(
            ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext)
        {
            LastCall = (AddressOf(key), AddressOf(nonce), AddressOf(associatedData), AddressOf(plaintext), AddressOf(ciphertext), AddressOf(tag));
            return true;
        }
    }
}

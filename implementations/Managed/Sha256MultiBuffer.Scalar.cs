namespace CryptoHarness.Managed;

// The scalar path: one message at a time through Sha256's own code. It is what the default overloads use for
// batches too small for vectors, and the reference every vector path is tested against.
public static partial class Sha256MultiBuffer
{
    private static void HashScalar<TBatch>(scoped TBatch batch, Span<byte> destination, bool twice)
        where TBatch : IMessageBatch, allows ref struct
    {
        for (int i = 0; i < batch.Count; i++)
        {
            Span<byte> digest = destination.Slice(i * HashSizeInBytes, HashSizeInBytes);
            Sha256.HashCore(batch[i], digest);
            if (twice)
            {
                // HashCore reads its whole source before writing, so the digest can be hashed in place.
                Sha256.HashCore(digest, digest);
            }
        }
    }
}

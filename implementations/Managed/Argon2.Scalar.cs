namespace CryptoHarness.Managed;

public static unsafe partial class Argon2
{
    /// <summary>
    /// G(X, Y) on 64-bit words (RFC 9106 §3.5): R = X xor Y, P applied to each of the eight rows of sixteen words and
    /// then to each of the eight columns of sixteen, and the result is that xor R.
    /// </summary>
    private static void CompressScalar(ulong* x, ulong* y, ulong* next, ulong* scratch, bool xorInto, ReferenceRequest* request)
    {
        // R goes into next (xored with the block there for passes after the first) and into scratch, where P
        // works in place; next then takes P's result. y is read before next is written at each word, so the two may
        // be one block.
        for (int i = 0; i < WordsPerBlock; i++)
        {
            ulong r = x[i] ^ y[i];
            scratch[i] = r;
            next[i] = xorInto ? r ^ next[i] : r;
        }

        // Rows: the sixteen words 16i ... 16i + 15. Columns: the register pairs of RFC 9106 §3.6, words 2i, 2i + 1,
        // 2i + 16, 2i + 17, ..., 2i + 112, 2i + 113.
        for (int i = 0; i < 8; i++)
        {
            PermuteScalar(scratch + (16 * i), 2);
        }

        for (int i = 0; i < 8; i++)
        {
            PermuteScalar(scratch + (2 * i), 16);
        }

        for (int i = 0; i < WordsPerBlock; i++)
        {
            next[i] ^= scratch[i];
        }

        if (request != null)
        {
            request->Issue(next[0]);
        }
    }

    /// <summary>
    /// The permutation P of RFC 9106 §3.6 on sixteen words v0 ... v15, word 2j + k at <c>v[j * stride + k]</c>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void PermuteScalar(ulong* v, nint stride)
    {
        ulong v0 = v[0], v1 = v[1], v2 = v[stride], v3 = v[stride + 1];
        ulong v4 = v[2 * stride], v5 = v[(2 * stride) + 1], v6 = v[3 * stride], v7 = v[(3 * stride) + 1];
        ulong v8 = v[4 * stride], v9 = v[(4 * stride) + 1], v10 = v[5 * stride], v11 = v[(5 * stride) + 1];
        ulong v12 = v[6 * stride], v13 = v[(6 * stride) + 1], v14 = v[7 * stride], v15 = v[(7 * stride) + 1];

        GScalar(ref v0, ref v4, ref v8, ref v12);
        GScalar(ref v1, ref v5, ref v9, ref v13);
        GScalar(ref v2, ref v6, ref v10, ref v14);
        GScalar(ref v3, ref v7, ref v11, ref v15);
        GScalar(ref v0, ref v5, ref v10, ref v15);
        GScalar(ref v1, ref v6, ref v11, ref v12);
        GScalar(ref v2, ref v7, ref v8, ref v13);
        GScalar(ref v3, ref v4, ref v9, ref v14);

        v[0] = v0; v[1] = v1; v[stride] = v2; v[stride + 1] = v3;
        v[2 * stride] = v4; v[(2 * stride) + 1] = v5; v[3 * stride] = v6; v[(3 * stride) + 1] = v7;
        v[4 * stride] = v8; v[(4 * stride) + 1] = v9; v[5 * stride] = v10; v[(5 * stride) + 1] = v11;
        v[6 * stride] = v12; v[(6 * stride) + 1] = v13; v[7 * stride] = v14; v[(7 * stride) + 1] = v15;
    }

    /// <summary>
    /// GB of RFC 9106 §3.6: BLAKE2b's G with each addition a + b replaced by a + b + 2 * trunc(a) * trunc(b), trunc
    /// being the low 32 bits, and no message words; rotations by 32, 24, 16 and 63.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void GScalar(ref ulong a, ref ulong b, ref ulong c, ref ulong d)
    {
        a = a + b + (2 * (ulong)(uint)a * (uint)b);
        d = BitOperations.RotateRight(d ^ a, 32);
        c = c + d + (2 * (ulong)(uint)c * (uint)d);
        b = BitOperations.RotateRight(b ^ c, 24);
        a = a + b + (2 * (ulong)(uint)a * (uint)b);
        d = BitOperations.RotateRight(d ^ a, 16);
        c = c + d + (2 * (ulong)(uint)c * (uint)d);
        b = BitOperations.RotateRight(b ^ c, 63);
    }
}



namespace CryptoHarness.Implementations.Adapters.Common;

/// <summary>
/// How the adapters call native code: the one threshold between a short native call (without the GC transition) and a long one.
/// </summary>
/// <remarks>
/// <para>
/// A P/Invoke normally switches the thread to preemptive mode and back (the GC transition, tens of nanoseconds), so
/// a collection can proceed while native code runs. <c>[SuppressGCTransition]</c> skips the switch, which only a
/// call that is short, never blocks, never calls back into .NET and never throws may do: the runtime documents it
/// for functions that run "for a trivial amount of time (less than 1 microsecond)", because a thread in such a call
/// holds off every other thread's GC suspension until it returns.
/// </para>
/// <para>
/// Blake3.NET, the best .NET wrapper of a native hash, declares each hashing entry twice and takes the one without
/// the transition up to 1 KiB (about a microsecond of hashing on a recent x64 CPU), the ordinary one beyond. The
/// libsodium, Botan, blake3 and tiny-keccak adapters do the same for their one-shot hash, MAC and AEAD calls, so a native provider is
/// measured as fast as a good wrapper makes it at 128 B, and a 128 KiB call (about 100 µs) never delays a
/// collection. NSec, the .NET wrapper of libsodium measured here, always takes the transition; the <c>nsec</c>
/// provider shows what that costs. Password hashes (milliseconds, large allocations) always take it.
/// </para>
/// <para>
/// A <c>[LibraryImport]</c> fixes the choice in its declaration, so Blake3.NET's way takes two declarations of each
/// entry. Here such an entry is declared once, as a field of a small struct for its C signature holding the address
/// resolved from the loaded library (<see cref="NativeLibraryLoader.Export"/>); the struct's <c>Call</c> takes
/// <c>isShort</c> and calls through an unmanaged function pointer with <c>SuppressGCTransition</c> or without, so the
/// caller, which knows the input length, makes the choice where the call is made.
/// </para>
/// <para>
/// The call with the transition sits in a method of its own (<c>CallLong</c>, not inlined), as it sat in the
/// <c>[LibraryImport]</c> stub: a method holding an inline P/Invoke sets up the transition frame in its prologue on
/// every call, short ones included, which made AEGIS at 128 B 4 ns (6%) slower in <c>harness paired</c>. It also
/// keeps the two branches apart: with both calls inline through one address held in an instance field, the .NET 10
/// JIT took them for the same tree and merged the branches, dropping the call without the transition (seen with
/// <c>DOTNET_JitDisasm</c>).
/// </para>
/// </remarks>
internal static class NativeCalls
{
    /// <summary>The largest input (message plus associated data) passed to a call without the GC transition.</summary>
    internal const int SuppressTransitionMaxBytes = 1024;

    /// <summary>Whether a call over <paramref name="bytes"/> input bytes may skip the GC transition.</summary>
    internal static bool IsShort(int bytes) => bytes <= SuppressTransitionMaxBytes;

    /// <summary>The providers' calling note (<see cref="Provider.CallingNote"/>), so every report says how the provider was called.</summary>
    internal const string ShortCallNote = "P/Invoke without the GC transition up to 1 KiB, with it beyond, as Blake3.NET calls blake3";

    /// <summary>The password hashing libraries' note: a call takes milliseconds, so the transition is noise.</summary>
    internal const string LongCallNote = "ordinary P/Invoke: a hash takes milliseconds, the GC transition tens of nanoseconds";
}

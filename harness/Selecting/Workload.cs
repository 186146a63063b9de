namespace CryptoHarness.Selecting;

/// <summary>
/// One timed operation of one implementation on one payload: everything is prepared when it is made, so
/// <see cref="Run"/> is the provider's call and nothing else. Each kind makes its own (see
/// <c>CryptoHarness.Kinds.KindContract.CreateWorkload</c>); the batch scenario makes batches and loops.
/// </summary>
/// <remarks>
/// Every override is <c>[MethodImpl(MethodImplOptions.AggressiveOptimization)]</c>: a workload class serves every
/// provider of its kind, so a profile-guided compilation would devirtualize its call for the first provider measured
/// and leave the rest an interface call (see the remark atop <c>Contracts/HashImplementation.cs</c>). A test checks it.
/// </remarks>
public abstract class Workload
{
    public abstract void Run();
}

namespace CryptoHarness.Selecting;

/// <summary>
/// One timed operation of one implementation on one payload: everything is prepared when it is made, so
/// <see cref="Run"/> is the provider's call and nothing else. Each kind makes its own (see
/// <c>CryptoHarness.Kinds.KindContract.CreateWorkload</c>); the batch scenario makes batches and loops.
/// </summary>
public abstract class Workload
{
    public abstract void Run();
}

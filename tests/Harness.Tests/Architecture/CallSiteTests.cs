using System.Reflection;
using CryptoHarness.Selecting;

namespace CryptoHarness.Tests.Architecture;

/// <summary>
/// The call sites every provider shares are compiled without a profile, so dynamic PGO cannot devirtualize them for the
/// first provider measured (see the remark atop <c>Contracts/HashImplementation.cs</c>).
/// </summary>
public sealed class CallSiteTests
{
    public static TheoryData<string> WorkloadTypes => new(
        typeof(Workload).Assembly.GetTypes()
            .Where(t => t.IsSubclassOf(typeof(Workload)) && !t.IsAbstract)
            .Select(t => t.FullName!)
            .Order(StringComparer.Ordinal));

    [Theory]
    [MemberData(nameof(WorkloadTypes))]
    public void Every_workloads_run_is_compiled_without_a_profile(string typeName)
    {
        var run = typeof(Workload).Assembly.GetType(typeName)!.GetMethod(nameof(Workload.Run), BindingFlags.Instance | BindingFlags.Public)!;
        Assert.True(run.MethodImplementationFlags.HasFlag(MethodImplAttributes.AggressiveOptimization), $"{typeName}.Run lacks [MethodImpl(MethodImplOptions.AggressiveOptimization)]");
    }

    [Fact]
    public void The_contracts_public_calls_are_compiled_without_a_profile()
    {
        Type[] bases = [typeof(HashImplementation), typeof(XofImplementation), typeof(MacImplementation), typeof(AeadImplementation), typeof(PasswordHashImplementation)];
        var calls = bases
            .SelectMany(b => b.GetMethods(BindingFlags.Instance | BindingFlags.Public | BindingFlags.DeclaredOnly))
            .Where(m => m.Name is "Hash" or "Mac" or "Verify" or "Encrypt" or "Decrypt" or "HashToString")
            .ToArray();
        Assert.Equal(9, calls.Length);
        Assert.All(calls, m => Assert.True(m.MethodImplementationFlags.HasFlag(MethodImplAttributes.AggressiveOptimization), $"{m.DeclaringType!.Name}.{m.Name}"));
    }
}

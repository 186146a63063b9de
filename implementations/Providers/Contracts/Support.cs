namespace CryptoHarness.Implementations;

/// <summary>Whether an implementation can run on this machine and, if not, why. Decided once, before use.</summary>
/// <param name="IsCpuLimit">
/// True when the no is this CPU's (or the runtime's view of it): a path for an instruction set it lacks. Such a no is
/// expected on some machines, while a missing library or a refused parameter is not, so CI fails on the latter only.
/// </param>
public readonly record struct Support(bool IsSupported, string? Reason, bool IsCpuLimit = false)
{
    public static Support Yes { get; } = new(true, null);

    public static Support No(string reason) => new(false, reason);

    /// <summary>A no because this CPU, or the runtime level, lacks an instruction set the implementation needs.</summary>
    public static Support NotOnThisCpu(string reason) => new(false, reason, IsCpuLimit: true);

    /// <summary><see cref="Yes"/> when <paramref name="supported"/>, else <see cref="No"/> with the reason.</summary>
    public static Support When(bool supported, string reason) => supported ? Yes : No(reason);

    /// <summary><see cref="Yes"/> when <paramref name="supported"/>, else <see cref="NotOnThisCpu"/> with the reason.</summary>
    public static Support WhenCpuHas(bool supported, string reason) => supported ? Yes : NotOnThisCpu(reason);

    /// <summary>This support where it is a no (its reason stands); otherwise what <paramref name="next"/>, a further condition, says.</summary>
    public Support Then(Func<Support> next) => IsSupported ? next() : this;
}

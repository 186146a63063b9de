using System.Reflection;

namespace CryptoHarness.Pairing;

/// <summary>What a reader of a paired comparison must know about how a build was made.</summary>
public static class BuildNotes
{
    /// <summary>The assembly metadata key a test-only slowdown build (<c>-p:CalibratedSlowdownPercent=N</c>) stamps on CryptoHarness.Managed.</summary>
    public const string SlowdownKey = "CalibratedSlowdownPercent";

    /// <summary>
    /// The percentage of extra work a test-only build adds to managed SHA-256 and BLAKE3, or null for a normal build. Read
    /// as attribute data, so it works for an assembly of any load context.
    /// </summary>
    public static string? SlowdownPercent(Assembly managed) => managed.GetCustomAttributesData()
        .Where(a => a.AttributeType == typeof(AssemblyMetadataAttribute) && a.ConstructorArguments.Count == 2)
        .Where(a => a.ConstructorArguments[0].Value as string == SlowdownKey)
        .Select(a => a.ConstructorArguments[1].Value as string)
        .FirstOrDefault();

    /// <summary>A note per side built with the test-only slowdown, else none.</summary>
    public static IReadOnlyList<string> Of(Assembly baseManaged, Assembly headManaged) =>
        new[] { ("base", SlowdownPercent(baseManaged)), ("head", SlowdownPercent(headManaged)) }
            .Where(s => s.Item2 is not null)
            .Select(s => $"The {s.Item1} is a test-only build whose managed SHA-256 and BLAKE3 do {s.Item2}% more work per call (CalibratedSlowdownPercent); never a release build.")
            .ToArray();
}

namespace CryptoHarness.Tests;

/// <summary>Assertions on printed text as every test makes them: ordinal, one part at a time, so a failure names the part.</summary>
internal static class AssertText
{
    /// <summary>Each of <paramref name="parts"/> appears in <paramref name="text"/>.</summary>
    public static void ContainsAll(string text, params string[] parts)
    {
        foreach (var part in parts)
        {
            Assert.Contains(part, text, StringComparison.Ordinal);
        }
    }

    /// <summary>None of <paramref name="parts"/> appears in <paramref name="text"/>.</summary>
    public static void ContainsNone(string text, params string[] parts)
    {
        foreach (var part in parts)
        {
            Assert.DoesNotContain(part, text, StringComparison.Ordinal);
        }
    }
}

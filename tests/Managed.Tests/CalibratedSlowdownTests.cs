using System.Reflection;

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// The test-only slowdown (<c>-p:CalibratedSlowdownPercent=N</c>, CalibratedSlowdown.cs) exists only in builds made with
/// that property: a normal build, which these tests run on, has neither its type nor its metadata, so no call of a
/// released build can take the extra work. A build made with the property fails this test, as it should.
/// </summary>
public sealed class CalibratedSlowdownTests
{
    [Fact]
    public void A_normal_build_has_no_slowdown_code_path()
    {
        var assembly = typeof(Sha256).Assembly;
        Assert.Null(assembly.GetType("CryptoHarness.Managed.CalibratedSlowdown"));
        Assert.DoesNotContain(assembly.GetCustomAttributes<AssemblyMetadataAttribute>(), a => a.Key == "CalibratedSlowdownPercent");

        // The type is where the file says it is: compiled in, it would be found by this name.
        var source = File.ReadAllText(Path.Combine(SourceRoot(), "implementations", "Managed", "CalibratedSlowdown.cs"));
        Assert.StartsWith("#if CALIBRATED_SLOWDOWN", source, StringComparison.Ordinal);
        Assert.Contains("internal static class CalibratedSlowdown", source, StringComparison.Ordinal);
    }

    [Fact]
    public void Only_the_build_property_defines_the_constant()
    {
        var project = File.ReadAllText(Path.Combine(SourceRoot(), "implementations", "Managed", "CryptoHarness.Managed.csproj"));
        Assert.Contains("<PropertyGroup Condition=\"'$(CalibratedSlowdownPercent)' != ''\">", project, StringComparison.Ordinal);
        var defines = project.Split('\n').Where(l => l.Contains("CALIBRATED_SLOWDOWN", StringComparison.Ordinal)).ToArray();
        Assert.Single(defines);
        foreach (var props in new[] { "Directory.Build.props", "Directory.Packages.props" })
        {
            Assert.DoesNotContain("CALIBRATED_SLOWDOWN", File.ReadAllText(Path.Combine(SourceRoot(), props)), StringComparison.Ordinal);
        }
    }

    private static string SourceRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "Harness.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException("Harness.sln not found above the test output.");
    }
}

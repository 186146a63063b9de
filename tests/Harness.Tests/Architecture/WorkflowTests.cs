using System.Text.RegularExpressions;
using CryptoHarness.Cli;

namespace CryptoHarness.Tests.Architecture;

/// <summary>
/// The harness commands in the GitHub workflows and the scripts they call are ones the CLI accepts: a renamed option
/// fails here, not in a PR. The comment workflow, which holds a write token, runs nothing from the pull request.
/// </summary>
public sealed partial class WorkflowTests
{
    public static TheoryData<string, string> WorkflowCommands()
    {
        var data = new TheoryData<string, string>();
        var root = RepositoryRoot.Find();
        var files = Directory.GetFiles(Path.Combine(root, ".github", "workflows"), "*.yml")
            .Concat(Directory.GetFiles(Path.Combine(root, "scripts"), "*.sh"));
        foreach (var file in files.Order(StringComparer.Ordinal))
        {
            foreach (Match match in HarnessInvocation().Matches(File.ReadAllText(file)))
            {
                data.Add(Path.GetFileName(file), match.Groups[1].Value.Trim());
            }
        }

        return data;
    }

    [Fact]
    public void System_packages_are_installed_only_by_the_one_script_that_lists_them()
    {
        var root = RepositoryRoot.Find();
        var callers = Directory.GetFiles(Path.Combine(root, ".github", "workflows"), "*.yml").Append(Path.Combine(root, ".ci", "run")).ToArray();
        foreach (var file in callers)
        {
            var text = File.ReadAllText(file);
            Assert.DoesNotContain("apt-get", text, StringComparison.Ordinal);
            Assert.DoesNotContain("brew install", text, StringComparison.Ordinal);
        }

        // .ci/run and every workflow that builds the providers go through it.
        Assert.All(callers.Where(f => File.ReadAllText(f).Contains("dotnet run", StringComparison.Ordinal) || f.EndsWith("run", StringComparison.Ordinal)),
            f => Assert.Contains("scripts/install-system-packages.sh", File.ReadAllText(f), StringComparison.Ordinal));
        var script = File.ReadAllText(Path.Combine(root, "scripts", "install-system-packages.sh"));
        Assert.Contains("apt-get install", script, StringComparison.Ordinal);
        Assert.DoesNotContain("libsodium23", script, StringComparison.Ordinal); // the NuGet package ships it
    }

    [Fact]
    public void The_benchmark_workflow_runs_the_harness()
    {
        Assert.Contains(WorkflowCommands(), row => (string)row[0] == "compare-runs.sh" && ((string)row[1]).StartsWith("compare ", StringComparison.Ordinal));
        Assert.Contains(WorkflowCommands(), row => (string)row[0] == "benchmarks.yml" && ((string)row[1]).StartsWith("run ", StringComparison.Ordinal));
        Assert.Contains("scripts/compare-runs.sh", Workflow("benchmarks.yml"), StringComparison.Ordinal);
    }

    [Fact]
    public void Pull_requests_pair_first_and_measure_launches_only_for_what_was_not_paired()
    {
        Assert.Contains(WorkflowCommands(), row => (string)row[0] == "benchmarks.yml" && ((string)row[1]).StartsWith("paired --base-build ", StringComparison.Ordinal));
        var workflow = Workflow("benchmarks.yml");
        Assert.True(workflow.IndexOf("paired --base-build", StringComparison.Ordinal) < workflow.IndexOf("run --job quick", StringComparison.Ordinal));
        Assert.Contains("[.not_paired[].family]", workflow, StringComparison.Ordinal);

        // The comment is made from the paired measurement by the harness running the script (the default branch's in the
        // comment workflow), never taken from the comment the pull request's job wrote.
        Assert.Contains(WorkflowCommands(), row => (string)row[0] == "compare-runs.sh" && ((string)row[1]).StartsWith("paired --from ", StringComparison.Ordinal));
        var script = File.ReadAllText(Path.Combine(RepositoryRoot.Find(), "scripts", "compare-runs.sh"));
        Assert.DoesNotContain("paired-comment.md", script, StringComparison.Ordinal);
    }

    [Fact]
    public void The_comment_workflow_runs_only_the_default_branchs_code_and_takes_nothing_from_the_artifact_on_trust()
    {
        var workflow = Workflow("benchmarks-comment.yml");

        // The default branch's checkout (no ref: workflow_run checks out the default branch), without credentials, built
        // before the artifact arrives; the comment is made from the runs by that harness, never taken from the artifact.
        Assert.DoesNotContain("ref:", workflow, StringComparison.Ordinal);
        Assert.Contains("persist-credentials: false", workflow, StringComparison.Ordinal);
        Assert.True(workflow.IndexOf("dotnet build", StringComparison.Ordinal) < workflow.IndexOf("actions/download-artifact", StringComparison.Ordinal));
        Assert.Contains("bash trusted/scripts/compare-runs.sh trusted untrusted", workflow, StringComparison.Ordinal);
        Assert.DoesNotContain("untrusted/comment.md", workflow, StringComparison.Ordinal);
        Assert.DoesNotContain("pr-number", workflow, StringComparison.Ordinal);
        // Text a fork chooses (its branch name) reaches scripts through the environment only, never spliced into them.
        foreach (Match expression in Regex.Matches(workflow, @"\$\{\{([^}]*)\}\}"))
        {
            var line = workflow[..expression.Index].Split('\n')[^1];
            if (expression.Groups[1].Value.Contains("head_branch", StringComparison.Ordinal) || expression.Groups[1].Value.Contains("head_repository", StringComparison.Ordinal))
            {
                Assert.Matches(@"^\s+HEAD_[A-Z]+: $", line);
            }
        }
    }

    /// <summary>
    /// Every action is pinned to a commit (a tag can be moved to other code), and no checkout leaves its token in
    /// <c>.git/config</c> for the code it builds (a pull request's head, possibly a fork's).
    /// </summary>
    [Fact]
    public void Every_action_is_pinned_to_a_commit_and_no_checkout_persists_credentials()
    {
        foreach (var file in Directory.GetFiles(Path.Combine(RepositoryRoot.Find(), ".github", "workflows"), "*.yml"))
        {
            var lines = File.ReadAllLines(file);
            for (var i = 0; i < lines.Length; i++)
            {
                if (Regex.Match(lines[i], @"^\s*(- )?uses: (\S+)") is not { Success: true } uses)
                {
                    continue;
                }

                Assert.Matches(@"^[\w.-]+/[\w.-]+@[0-9a-f]{40}$", uses.Groups[2].Value);
                if (uses.Groups[2].Value.StartsWith("actions/checkout@", StringComparison.Ordinal))
                {
                    var indent = lines[i].TakeWhile(c => c is ' ' or '-').Count();
                    var step = lines.Skip(i + 1).TakeWhile(l => l.TrimStart().Length > 0 && !l.TrimStart().StartsWith("- ", StringComparison.Ordinal) && l.TakeWhile(c => c == ' ').Count() >= indent);
                    Assert.True(step.Any(l => l.Trim() == "persist-credentials: false"), $"{Path.GetFileName(file)} line {i + 1}: a checkout without persist-credentials: false");
                }
            }
        }
    }

    [Fact]
    public void The_comment_job_bounds_the_artifact_and_each_step()
    {
        var script = File.ReadAllText(Path.Combine(RepositoryRoot.Find(), "scripts", "compare-runs.sh"));
        AssertText.ContainsAll(script,
            "max_files=",
            "max_bytes=",
            "timeout \"$step_timeout\" dotnet run");
        var workflow = Workflow("benchmarks-comment.yml");
        var step = workflow[workflow.IndexOf("- name: Compare with the default branch's harness", StringComparison.Ordinal)..];
        Assert.Matches(@"^- name: Compare with the default branch's harness\s+timeout-minutes: \d+", step);
    }

    private static string Workflow(string name) => File.ReadAllText(Path.Combine(RepositoryRoot.Find(), ".github", "workflows", name));

    [Fact]
    public void The_matrix_workflow_merges_the_runs_and_refreshes_the_site()
    {
        Assert.Contains(WorkflowCommands(), row => (string)row[0] == "benchmarks-matrix.yml" && ((string)row[1]).StartsWith("run ", StringComparison.Ordinal));
        Assert.Contains(WorkflowCommands(), row => (string)row[0] == "benchmarks-matrix.yml" && ((string)row[1]).StartsWith("merge --runs ", StringComparison.Ordinal));
        Assert.Contains(WorkflowCommands(), row => (string)row[0] == "benchmarks-matrix.yml" && ((string)row[1]).StartsWith("site --machine ", StringComparison.Ordinal));
    }

    [Theory]
    [MemberData(nameof(WorkflowCommands))]
    public void Workflow_command_parses(string workflow, string commandLine)
    {
        // Shell values ("$x", "${{ … }}", "../$base_run") stand for whatever the workflow passes at run time.
        var tokens = commandLine.Split(' ', StringSplitOptions.RemoveEmptyEntries).Select(t => t.Trim('"')).ToArray();
        var parsed = HarnessCli.Parse(tokens);
        Assert.True(parsed.Errors.Count == 0, $"{workflow}: {string.Join("; ", parsed.Errors.Select(e => e.Message))}");
        Assert.NotEqual("harness", parsed.CommandResult.Command.Name);
    }

    [GeneratedRegex(@"--project harness -- ([^)\n]+)")]
    private static partial Regex HarnessInvocation();
}

using System.Text.RegularExpressions;
using CryptoHarness.Results;
using HandlebarsDotNet;

namespace CryptoHarness.Reporting;

/// <summary>
/// Turns normalized results into markdown through the templates in <c>templates/</c>: one file per algorithm and a
/// trimmed machine spec. Everything is rendered in memory first and written only if every template succeeded.
/// </summary>
public sealed partial class ReportStage
{
    public const string AlgorithmTemplate = "algorithm.md.hbs";
    public const string MachineSpecTemplate = "machine-spec.md.hbs";
    public const string ComparisonTemplate = "comparison.md.hbs";
    public const string StreamingTemplate = "streaming.md.hbs";
    public const string BatchTemplate = "batch.md.hbs";
    public const string IndexTemplate = "index.md.hbs";
    public const string HighlightsTemplate = "highlights.md.hbs";
    public const string PasswordTemplate = "password.md.hbs";
    public const string PasswordOverviewTemplate = "password-hashing.md.hbs";

    private readonly string _templatesDirectory;
    private readonly IHandlebars _handlebars;

    public ReportStage(string templatesDirectory)
        : this(templatesDirectory, escape: true)
    {
    }

    /// <param name="escape">
    /// Whether every <c>{{value}}</c> goes through <see cref="MarkdownText.Escape"/>: always, but for the test that shows
    /// the escaping changes nothing in real results.
    /// </param>
    internal ReportStage(string templatesDirectory, bool escape)
    {
        _templatesDirectory = templatesDirectory;
        _handlebars = Handlebars.Create(new HandlebarsConfiguration
        {
            // Values from results files may come from a fork's pull request: escaped as markdown, so none opens a link,
            // an image, HTML or a mention. A misspelt field fails the render instead of printing nothing.
            TextEncoder = escape ? new MarkdownText.Encoder() : null,
            NoEscape = !escape,
            ThrowOnUnresolvedBindingExpression = true,
        });
    }

    public static string DefaultTemplatesDirectory => Path.Combine(AppContext.BaseDirectory, "templates");

    /// <summary>Rendered files: a name relative to the output folder, and its content.</summary>
    public sealed record RenderedFile(string Name, string Content);

    /// <summary>
    /// Renders a run: for a one-shot run every algorithm page, and, given the latest summary of every family, the family
    /// index and the highlights; for a streaming run its page; for a batch run a <c>&lt;slug&gt;-batch.md</c> page per
    /// algorithm; for a password run a page per algorithm and the overview, from every password algorithm's latest summary
    /// in <paramref name="families"/> (or the run alone). Always the machine spec, named <paramref name="machineSpecName"/>.
    /// </summary>
    public IReadOnlyList<RenderedFile> Render(RunSummary summary, string machineSpecName = "machine-spec.md", IReadOnlyList<RunSummary>? families = null)
    {
        var machineSpec = Compile(MachineSpecTemplate);
        var files = new List<RenderedFile>();
        if (summary.Run.Scenario == "stream")
        {
            files.Add(new("streaming.md", Apply(StreamingTemplate, Compile(StreamingTemplate), ReportModel.Streaming(summary))));
        }
        else if (summary.Run.Scenario == "password")
        {
            // Each algorithm's page from its own latest results (a run of one algorithm keeps the others' pages as they
            // were); the overview from all of them.
            var password = Compile(PasswordTemplate);
            foreach (var latest in families is { Count: > 0 } ? families : [summary])
            {
                foreach (var (slug, model) in PasswordReport.Algorithms(latest))
                {
                    files.Add(new($"{slug}.md", Apply(PasswordTemplate, password, model)));
                    files.AddRange(PasswordReport.Charts(latest, slug).Select(c => new RenderedFile(c.File, c.Svg)));
                }
            }

            files.Add(new("password-hashing.md", Apply(PasswordOverviewTemplate, Compile(PasswordOverviewTemplate),
                PasswordReport.Overview(families is { Count: > 0 } ? families : [summary]))));
        }
        else if (summary.Run.Scenario == "batch")
        {
            var batch = Compile(BatchTemplate);
            foreach (var (slug, model) in ReportModel.Batches(summary))
            {
                files.Add(new($"{slug}-batch.md", Apply(BatchTemplate, batch, model)));
            }
        }
        else
        {
            var algorithm = Compile(AlgorithmTemplate);
            foreach (var (slug, model) in ReportModel.Algorithms(summary))
            {
                files.Add(new($"{slug}.md", Apply(AlgorithmTemplate, algorithm, model)));
                files.AddRange(ReportModel.Charts(summary, slug).Select(c => new RenderedFile(c.File, c.Svg)));
            }

            if (families is { Count: > 0 })
            {
                var index = FamilyOverview.Index(families);
                index["machine_spec"] = machineSpecName.Replace('\\', '/');
                files.Add(new("index.md", Apply(IndexTemplate, Compile(IndexTemplate), index)));
                files.Add(new("highlights.md", Apply(HighlightsTemplate, Compile(HighlightsTemplate), FamilyOverview.Highlights(families))));
            }
        }

        files.Add(new(machineSpecName, Apply(MachineSpecTemplate, machineSpec, ReportModel.MachineSpec(summary.Run))));
        return files;
    }

    /// <summary>
    /// Re-renders a machine's pages from its per-algorithm data (<c>data/&lt;slug&gt;.json</c>): each algorithm's page and
    /// charts from the run that measured it, the family index and highlights from all of them, and the machine spec from
    /// the newest. Nothing is measured; the same data gives the same files.
    /// </summary>
    public IReadOnlyList<RenderedFile> RenderData(IReadOnlyList<RunSummary> algorithms, string machineSpecName = "machine-spec.md")
    {
        if (algorithms.Count == 0)
        {
            throw new UsageException("No per-algorithm data to render: the data folder holds no <slug>.json.");
        }

        var machines = algorithms.Select(a => a.Run.MachineKey).Distinct(StringComparer.Ordinal).ToArray();
        if (machines.Length > 1)
        {
            throw new UsageException($"The data comes from several machines ({string.Join(", ", machines)}); render one machine's data folder at a time.");
        }

        // Password hashes render together (their overview spans algorithms); every other algorithm on its own, then the
        // family index and highlights from all of those.
        var password = algorithms.Where(a => a.Run.Scenario == "password").ToArray();
        var oneShot = algorithms.Where(a => a.Run.Scenario != "password").ToArray();
        var files = oneShot.SelectMany(a => Render(a, machineSpecName).Where(f => f.Name != machineSpecName)).ToList();
        if (password.Length > 0)
        {
            files.AddRange(Render(password[0], machineSpecName, password).Where(f => f.Name != machineSpecName || oneShot.Length == 0));
        }

        if (oneShot.Length > 0)
        {
            var newest = oneShot.MaxBy(a => a.Run.Utc)!;
            files.AddRange(Render(newest with { Results = [], Failures = [], Unsupported = [] }, machineSpecName, FamilyData.Families(oneShot)));
        }

        return files.GroupBy(f => f.Name, StringComparer.Ordinal).Select(g => g.Last()).OrderBy(f => f.Name, StringComparer.Ordinal).ToArray();
    }

    /// <summary>Where <see cref="Write"/> would put each file; throws as it would for a name that leads outside the output folder.</summary>
    public static string[] Paths(IReadOnlyList<RenderedFile> files, string directory, string? outputFolder = null) =>
        files.Select(f => OutputFolder.Resolve(outputFolder ?? directory, Path.Combine(Path.GetFullPath(directory), f.Name))).ToArray();

    /// <summary>Renders one named template with a prepared model.</summary>
    public string RenderTemplate(string templateName, object model) => Apply(templateName, Compile(templateName), model);

    /// <summary>
    /// Writes <paramref name="files"/>, whose names may contain a folder, into <paramref name="directory"/>; each through a
    /// temporary file. Every path must resolve inside <paramref name="outputFolder"/>, the folder the command writes to
    /// (<paramref name="directory"/> itself unless the files reach beside it, as the machine spec does), and all are
    /// checked before the first is written.
    /// </summary>
    /// <exception cref="UsageException">A name leads outside the output folder.</exception>
    public static IReadOnlyList<string> Write(IReadOnlyList<RenderedFile> files, string directory, string? outputFolder = null)
    {
        var paths = Paths(files, directory, outputFolder);
        for (var i = 0; i < files.Count; i++)
        {
            AtomicFile.WriteAllText(paths[i], files[i].Content);
        }

        return paths;
    }

    private HandlebarsTemplate<object, object> Compile(string name)
    {
        var path = Path.Combine(_templatesDirectory, name);
        if (!File.Exists(path))
        {
            throw new UsageException($"{path}: template not found (templates folder: {_templatesDirectory}).");
        }

        try
        {
            return _handlebars.Compile(File.ReadAllText(path).ReplaceLineEndings("\n"));
        }
        catch (HandlebarsException e)
        {
            throw new TemplateException(Locate(path, e.Message));
        }
    }

    private string Apply(string name, HandlebarsTemplate<object, object> template, object model)
    {
        try
        {
            return template(model).ReplaceLineEndings("\n");
        }
        catch (HandlebarsException e)
        {
            throw new TemplateException(Locate(Path.Combine(_templatesDirectory, name), e.Message));
        }
        catch (HandlebarsDotNet.Compiler.HandlebarsUndefinedBindingException e)
        {
            // Handlebars knows no position at render time; the field's name is enough to find it.
            throw new TemplateException($"{Path.Combine(_templatesDirectory, name)}: '{e.Path}' is not a field of the report model ({e.Message}).");
        }
    }

    /// <summary>Handlebars reports positions as "Occured at: line:column"; print them as file(line,col): message.</summary>
    private static string Locate(string path, string message)
    {
        var match = PositionPattern().Match(message);
        var text = PositionPattern().Replace(message, "").Trim();
        return match.Success
            ? $"{path}({match.Groups[1].Value},{match.Groups[2].Value}): {text}"
            : $"{path}: {text}";
    }

    [GeneratedRegex(@"Occured at:\s*(\d+):(\d+)")]
    private static partial Regex PositionPattern();
}

/// <summary>A template failed to compile or render; the message starts with file(line,col).</summary>
public sealed class TemplateException(string message) : Exception(message);

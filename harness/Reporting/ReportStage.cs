using CryptoHarness.Results;
using Scriban;
using Scriban.Parsing;
using Scriban.Runtime;
using Scriban.Syntax;

namespace CryptoHarness.Reporting;

/// <summary>
/// Turns normalized results into markdown through the templates in <c>templates/</c>: one file per algorithm and a
/// trimmed machine spec. Everything is rendered in memory first and written only if every template succeeded.
/// </summary>
public sealed class ReportStage
{
    public const string AlgorithmTemplate = "algorithm.md.sbn";
    public const string MachineSpecTemplate = "machine-spec.md.sbn";
    public const string ComparisonTemplate = "comparison.md.sbn";
    public const string StreamingTemplate = "streaming.md.sbn";
    public const string BatchTemplate = "batch.md.sbn";
    public const string IndexTemplate = "index.md.sbn";
    public const string HighlightsTemplate = "highlights.md.sbn";
    public const string PasswordTemplate = "password.md.sbn";
    public const string PasswordOverviewTemplate = "password-hashing.md.sbn";

    private readonly string _templatesDirectory;
    private readonly bool _escape;

    public ReportStage(string templatesDirectory)
        : this(templatesDirectory, escape: true)
    {
    }

    /// <param name="escape">
    /// Whether every <c>{{ value }}</c> goes through <see cref="MarkdownText.Escape"/>: always, but for the test that shows
    /// the escaping changes nothing in real results.
    /// </param>
    internal ReportStage(string templatesDirectory, bool escape)
    {
        _templatesDirectory = templatesDirectory;
        _escape = escape;
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
                var index = FamilyOverview.Index(families, machineSpecName);
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

    private Template Compile(string name)
    {
        var path = Path.Combine(_templatesDirectory, name);
        if (!File.Exists(path))
        {
            throw new UsageException($"{path}: template not found (templates folder: {_templatesDirectory}).");
        }

        var template = Template.Parse(File.ReadAllText(path).ReplaceLineEndings("\n"), path);
        if (template.Messages.FirstOrDefault(m => m.Type == ParserMessageType.Error) is { } error)
        {
            throw new TemplateException(Locate(path, error.Span, error.Message));
        }

        return template;
    }

    private string Apply(string name, Template template, object model)
    {
        // Values from results files may come from a fork's pull request: escaped as markdown, so none opens a link, an
        // image, HTML or a mention.
        var context = _escape ? new MarkdownText.EscapingTemplateContext() : new TemplateContext();
        // A misspelt variable or member fails the render with its position instead of printing nothing.
        context.StrictVariables = true;
        context.EnableRelaxedMemberAccess = false;
        // A page has as many rows and values as long as its data; Scriban's defaults stop a loop after 1,000 iterations
        // and cut a value at 1 MiB. Nor is a multi-line value indented to its tag's column: it is printed as it stands.
        context.LoopLimit = 0;
        context.LimitToString = 0;
        context.AutoIndent = false;
        // The view models' members as the templates name them: IsaNote is isa_note.
        context.MemberRenamer = StandardMemberRenamer.Default;
        var globals = new ScriptObject();
        globals.Import(model, renamer: context.MemberRenamer);
        context.PushGlobal(globals);
        try
        {
            return template.Render(context).ReplaceLineEndings("\n");
        }
        catch (ScriptRuntimeException e)
        {
            throw new TemplateException(Locate(Path.Combine(_templatesDirectory, name), e.Span, e.OriginalMessage));
        }
    }

    /// <summary>One line, file(line,col): message, with Scriban's zero-based position counted from 1 as editors do.</summary>
    private static string Locate(string path, SourceSpan span, string message) =>
        $"{path}({span.Start.Line + 1},{span.Start.Column + 1}): {message.ReplaceLineEndings(" ").Trim()}";
}

/// <summary>A template failed to compile or render; the message starts with file(line,col).</summary>
public sealed class TemplateException(string message) : Exception(message);

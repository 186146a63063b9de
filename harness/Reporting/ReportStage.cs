using CryptoHarness.Formatting;
using Scriban;
using Scriban.Functions;
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
    public const string MachineSpecTemplate = "machine-spec.md.sbn";
    public const string ComparisonTemplate = "comparison.md.sbn";

    private readonly string _templatesDirectory;
    private readonly IReadOnlyList<ScenarioReport> _scenarios;
    private readonly bool _escape;

    /// <param name="scenarios">Every scenario's report, the first standing for a summary that names none of them.</param>
    /// <param name="kinds">Every algorithm kind, for what the pages say of each.</param>
    public ReportStage(string templatesDirectory, IReadOnlyList<ScenarioReport> scenarios, KindPresentations kinds)
        : this(templatesDirectory, scenarios, kinds, escape: true)
    {
    }

    /// <param name="escape">
    /// Whether every <c>{{ value }}</c> goes through <see cref="MarkdownText.Escape"/>: always, but for the test that shows
    /// the escaping changes nothing in real results.
    /// </param>
    internal ReportStage(string templatesDirectory, IReadOnlyList<ScenarioReport> scenarios, KindPresentations kinds, bool escape)
    {
        _templatesDirectory = templatesDirectory;
        _scenarios = scenarios;
        Kinds = kinds;
        _escape = escape;
    }

    /// <summary>Every scenario's report, in registration order.</summary>
    public IReadOnlyList<ScenarioReport> Scenarios => _scenarios;

    /// <summary>Every algorithm kind, as the pages read it.</summary>
    public KindPresentations Kinds { get; }

    public static string DefaultTemplatesDirectory => Path.Combine(AppContext.BaseDirectory, "templates");

    /// <summary>Rendered files: a name relative to the output folder, and its content.</summary>
    public sealed record RenderedFile(string Name, string Content);

    /// <summary>
    /// Renders a run through its scenario's report (see <see cref="ScenarioReport.Pages"/>): its pages and, given the
    /// summaries its pages that span algorithms read (<see cref="ScenarioReport.Spanning"/>), those pages. The machine
    /// spec, named <paramref name="machineSpecName"/>, unless the scenario writes none (<see cref="ScenarioReport.WritesMachineSpec"/>).
    /// </summary>
    public IReadOnlyList<RenderedFile> Render(RunSummary summary, string machineSpecName = "machine-spec.md", IReadOnlyList<RunSummary>? families = null)
    {
        var report = ReportOf(summary.Run.Scenario);
        var machineSpec = report.WritesMachineSpec ? Compile(MachineSpecTemplate) : null;
        var files = report.Pages(this, summary, machineSpecName, families).ToList();
        if (machineSpec is not null)
        {
            files.Add(new(machineSpecName, Apply(MachineSpecTemplate, machineSpec, ReportModel.MachineSpec(summary.Run))));
        }

        return files;
    }

    /// <summary>
    /// The report of the scenario a summary names. Files written before the scenario was recorded were one-shot and read
    /// as the first scenario; a name no scenario has renders the same way, as it did before scenarios were plug-ins.
    /// </summary>
    public ScenarioReport ReportOf(string scenario) => Named(scenario) ?? _scenarios[0];

    /// <summary>The report of the scenario named exactly so; null for a name no scenario has.</summary>
    public ScenarioReport? Named(string scenario) => _scenarios.FirstOrDefault(s => s.Name == scenario);

    /// <summary>
    /// Re-renders a machine's pages from its per-algorithm data (<c>data/&lt;slug&gt;.json</c>): each scenario's pages
    /// from its algorithms' data (<see cref="ScenarioReport.PagesFromData"/>), and the machine spec from the newest
    /// summary of the first scenario, in the registration order, that has data. Nothing is measured; the same data gives
    /// the same files.
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

        // Data of a scenario that keeps none (a file edited by hand) renders as the first scenario's, as it always has.
        var byScenario = algorithms
            .GroupBy(a => ReportOf(a.Run.Scenario) is { KeepsAlgorithmData: true } report ? report : _scenarios[0])
            .OrderBy(g => _scenarios.TakeWhile(s => s != g.Key).Count())
            .ToArray();
        var files = byScenario.SelectMany(g => g.Key.PagesFromData(this, g.ToArray(), machineSpecName)).ToList();
        var newest = byScenario[0].MaxBy(a => a.Run.Utc)!;
        files.Add(new(machineSpecName, RenderTemplate(MachineSpecTemplate, ReportModel.MachineSpec(newest.Run))));
        return files.GroupBy(f => f.Name, StringComparer.Ordinal).Select(g => g.Last()).OrderBy(f => f.Name, StringComparer.Ordinal).ToArray();
    }

    /// <summary>Where <see cref="Write"/> would put each file; throws as it would for a name that leads outside the output folder.</summary>
    public static string[] Paths(IReadOnlyList<RenderedFile> files, string directory, string? outputFolder = null) =>
        files.Select(f => OutputFolder.Resolve(outputFolder ?? directory, Path.Combine(Path.GetFullPath(directory), f.Name))).ToArray();

    /// <summary>Renders one named template with a prepared model.</summary>
    public string RenderTemplate(string templateName, object model) => Apply(templateName, Compile(templateName), model);

    /// <summary>One named template compiled once, for a page rendered many times with different models.</summary>
    public Func<object, string> Compiled(string templateName)
    {
        var template = Compile(templateName);
        return model => Apply(templateName, template, model);
    }

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
        var path = Resolve(name);
        var template = Template.Parse(File.ReadAllText(path).ReplaceLineEndings("\n"), path);
        if (template.Messages.FirstOrDefault(m => m.Type == ParserMessageType.Error) is { } error)
        {
            throw new TemplateException(Locate(path, error.Span, error.Message));
        }

        return template;
    }

    /// <summary>The file of a template name, relative to the templates folder.</summary>
    private string Resolve(string name)
    {
        var path = Path.Combine(_templatesDirectory, name);
        if (!File.Exists(path))
        {
            // A templates folder given with --templates overrides what it holds; a template it lacks is the shipped one,
            // so a copy of the repository's templates/ still renders the pages whose templates live in a scenario's folder.
            var shipped = Path.Combine(DefaultTemplatesDirectory, name);
            if (Path.GetFullPath(_templatesDirectory) == Path.GetFullPath(DefaultTemplatesDirectory) || !File.Exists(shipped))
            {
                throw new UsageException($"{path}: template not found (templates folder: {_templatesDirectory}).");
            }

            path = shipped;
        }

        return path;
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
        // {{ part 'site/partials/….md.sbn' }}: a part several templates share, found as a template is.
        context.TemplateLoader = new PartLoader(this);
        var globals = new ScriptObject();
        globals.Import(model, renamer: context.MemberRenamer);
        globals[IncludedPart.Name] = new IncludedPart();
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

    /// <summary>
    /// Loads the parts templates include (<see cref="IncludedPart"/>): a name relative to the templates folder, found as a template is (the
    /// --templates folder, then the shipped one). A name that is rooted, climbs out with <c>..</c> or is not a
    /// <c>.sbn</c> file fails the render at the include, with its position.
    /// </summary>
    private sealed class PartLoader(ReportStage stage) : ITemplateLoader
    {
        public string GetPath(TemplateContext context, SourceSpan callerSpan, string templateName)
        {
            if (Path.IsPathRooted(templateName) || !templateName.EndsWith(".sbn", StringComparison.Ordinal)
                || templateName.Split('/', '\\').Any(segment => segment is ".." or "." or ""))
            {
                throw new ScriptRuntimeException(callerSpan, $"include '{templateName}': a part is named by a relative path to a .sbn file inside the templates folder.");
            }

            try
            {
                return stage.Resolve(templateName);
            }
            catch (UsageException e)
            {
                throw new ScriptRuntimeException(callerSpan, e.Message);
            }
        }

        public string Load(TemplateContext context, SourceSpan callerSpan, string templatePath) =>
            File.ReadAllText(templatePath).ReplaceLineEndings("\n");

        public ValueTask<string?> LoadAsync(TemplateContext context, SourceSpan callerSpan, string templatePath) =>
            new(Load(context, callerSpan, templatePath));
    }

    /// <summary>
    /// <c>{{ part 'name' }}</c>: Scriban's <c>include</c>, its output marked as markdown already escaped
    /// (<see cref="RenderedMarkdown"/>). The part is rendered in the page's own context, so every value it prints was
    /// escaped there; through <c>include</c> itself the escaping context would escape the whole part again as one value,
    /// its markdown and line breaks included. Not named <c>include</c>: the scenarios' section models have a member of
    /// that name.
    /// </summary>
    private sealed class IncludedPart : IScriptCustomFunction
    {
        public const string Name = "part";

        private readonly IncludeFunction _include = new();

        public int RequiredParameterCount => _include.RequiredParameterCount;

        public int ParameterCount => _include.ParameterCount;

        public ScriptVarParamKind VarParamKind => _include.VarParamKind;

        public Type ReturnType => typeof(RenderedMarkdown);

        public ScriptParameterInfo GetParameterInfo(int index) => _include.GetParameterInfo(index);

        public object? Invoke(TemplateContext context, ScriptNode? callerContext, ScriptArray arguments, ScriptBlockStatement? blockStatement) =>
            new RenderedMarkdown(context.ObjectToString(_include.Invoke(context, callerContext, arguments, blockStatement)) ?? "");

        public ValueTask<object?> InvokeAsync(TemplateContext context, ScriptNode? callerContext, ScriptArray arguments, ScriptBlockStatement? blockStatement) =>
            new(Invoke(context, callerContext, arguments, blockStatement));
    }

    /// <summary>One line, file(line,col): message, with Scriban's zero-based position counted from 1 as editors do.</summary>
    private static string Locate(string path, SourceSpan span, string message) =>
        $"{path}({span.Start.Line + 1},{span.Start.Column + 1}): {message.ReplaceLineEndings(" ").Trim()}";
}

/// <summary>A template failed to compile or render; the message starts with file(line,col).</summary>
public sealed class TemplateException(string message) : Exception(message);

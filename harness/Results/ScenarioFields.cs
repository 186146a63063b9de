using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;

namespace CryptoHarness.Results;

/// <summary>
/// A scenario's own fields on a result record (<see cref="ResultRecord.Fields"/>), declared in the scenario's folder as
/// a record deriving from this one, with their check at load and what they add to a case's label. <c>summary.json</c>
/// holds them under <c>scenario_fields</c>, an object whose first member <c>scenario</c> names the scenario that wrote
/// it (the type discriminator): <c>"scenario_fields": { "scenario": "files", "file_count": 3 }</c>. The results layer
/// never names a scenario type: the scenarios register theirs (<see cref="ScenarioFieldTypes"/>), and the file's
/// serializer reads that registration.
/// </summary>
/// <remarks>
/// The batch and password scenarios' fields predate this and stay flat on <see cref="ResultRecord"/>: moving them under
/// <c>scenario_fields</c> would change the bytes of every committed <c>summary.json</c> and <c>data/*.json</c>.
/// </remarks>
public abstract record ScenarioFields
{
    /// <summary>
    /// The scenario these fields belong to (its registered name): a record of another scenario that carries them is
    /// refused at load. A method, as <see cref="CaseDetail"/> is, so that the serializer never takes it for a field.
    /// </summary>
    public abstract string Scenario();

    /// <summary>
    /// What one operation processed, when the payload size does not tell the scenario's cases apart (a batch's
    /// <c>16 × 64 B</c>, a set of files' <c>3 files</c>): the end of the case's label (<see cref="SummaryValidation.CaseLabel"/>),
    /// which must differ between cases; null to keep the payload size.
    /// </summary>
    public virtual string? CaseDetail() => null;

    /// <summary>Checks every field once, when the file is loaded: call <paramref name="check"/> for each, or throw its <see cref="ScenarioFieldCheck.Error"/>.</summary>
    public abstract void Check(ScenarioFieldCheck check);
}

/// <summary>
/// The checks a scenario's fields use at load (<see cref="ScenarioFields.Check"/>), with the messages every other field
/// of the file gets: the file, the case, <c>scenario_fields.&lt;field&gt;</c>, the problem and the valid values.
/// </summary>
public sealed class ScenarioFieldCheck
{
    private readonly Func<string, string, UsageException> _error;

    /// <param name="error">Makes the exception for a field (its name within <c>scenario_fields</c>) and a problem.</param>
    public ScenarioFieldCheck(Func<string, string, UsageException> error) => _error = error;

    /// <summary>The exception for a problem this class has no check for.</summary>
    public UsageException Error(string field, string problem) => _error(field, problem);

    /// <summary>A whole number of at least <paramref name="minimum"/>.</summary>
    public void AtLeast(string field, long value, long minimum)
    {
        if (value < minimum)
        {
            throw Error(field, $"{value} is {(minimum == 0 ? "negative" : "out of range")}; expected a whole number of {minimum} or more");
        }
    }

    /// <summary>A name that may become part of a file name (<see cref="SummaryValidation.PathName"/>).</summary>
    public void PathName(string field, string? value)
    {
        if (SummaryValidation.PathNameProblem(value) is { } problem)
        {
            throw Error(field, problem);
        }
    }

    /// <summary>Free text on one line (<see cref="SummaryValidation.TextProblem"/>).</summary>
    public void Text(string field, string? value)
    {
        if (SummaryValidation.TextProblem(value) is { } problem)
        {
            throw Error(field, problem);
        }
    }

    /// <summary>A time in nanoseconds (<see cref="SummaryValidation.TimeProblem"/>).</summary>
    public void Time(string field, double ns)
    {
        if (SummaryValidation.TimeProblem(ns) is { } problem)
        {
            throw Error(field, problem);
        }
    }
}

/// <summary>A scenario's fields type and the scenario name that marks it in a file.</summary>
public sealed record ScenarioFieldsType(string Scenario, Type Type)
{
    /// <summary>The fields of <typeparamref name="T"/>, written under <paramref name="scenario"/>.</summary>
    public static ScenarioFieldsType Of<T>(string scenario) where T : ScenarioFields => new(scenario, typeof(T));
}

/// <summary>
/// Which <see cref="ScenarioFields"/> types a results file may hold. The scenario registry, a layer above, hands its
/// list over once, when the harness loads (<see cref="Use"/>); the serializer reads it the first time it meets
/// <c>scenario_fields</c>, so no scenario is built before it is needed.
/// </summary>
public static class ScenarioFieldTypes
{
    private static Func<IEnumerable<ScenarioFieldsType>> _registered = () => [];

    /// <summary>Where the registered types come from; called by the scenario registry before any file is read or written.</summary>
    public static void Use(Func<IEnumerable<ScenarioFieldsType>> registered) => _registered = registered;

    /// <summary>A resolver that reads <paramref name="types"/> for <see cref="ScenarioFields"/>, and is the default resolver for the rest.</summary>
    public static IJsonTypeInfoResolver Resolver(Func<IEnumerable<ScenarioFieldsType>> types) => new DefaultJsonTypeInfoResolver
    {
        Modifiers =
        {
            info =>
            {
                var registered = info.Type == typeof(ScenarioFields) ? types().ToArray() : [];
                if (registered.Length == 0)
                {
                    // None registered: the abstract type stays unreadable, and a file that holds the field is refused.
                    return;
                }

                info.PolymorphismOptions = new JsonPolymorphismOptions
                {
                    TypeDiscriminatorPropertyName = "scenario",
                    UnknownDerivedTypeHandling = JsonUnknownDerivedTypeHandling.FailSerialization,
                };
                foreach (var type in registered)
                {
                    info.PolymorphismOptions.DerivedTypes.Add(new JsonDerivedType(type.Type, type.Scenario));
                }
            },
        },
    };

    /// <summary>The scenario names the registered fields are marked with, for the refusal of a file that names another.</summary>
    public static IEnumerable<string> Names => _registered().Select(t => t.Scenario);

    /// <summary>The resolver of <c>summary.json</c>: the types the scenario registry handed over.</summary>
    internal static IJsonTypeInfoResolver Registered { get; } = Resolver(() => _registered());
}

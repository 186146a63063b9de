using System.Text.Json.Nodes;

namespace CryptoHarness.Tests;

/// <summary>Every place in a JSON tree a hostile edit can reach, for the tests that damage results files.</summary>
internal static class JsonSlots
{
    /// <summary>Every property and element in the tree, as (container, property name or index), parents before children.</summary>
    public static IEnumerable<(JsonNode Parent, string? Key, int Index)> Of(JsonNode node)
    {
        switch (node)
        {
            case JsonObject obj:
                foreach (var (name, child) in obj.ToArray())
                {
                    yield return (obj, name, -1);
                    if (child is not null)
                    {
                        foreach (var slot in Of(child))
                        {
                            yield return slot;
                        }
                    }
                }

                break;
            case JsonArray array:
                for (var i = 0; i < array.Count; i++)
                {
                    yield return (array, null, i);
                    if (array[i] is { } child)
                    {
                        foreach (var slot in Of(child))
                        {
                            yield return slot;
                        }
                    }
                }

                break;
        }
    }
}

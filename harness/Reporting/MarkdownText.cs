using System.Text;
using Scriban;
using Scriban.Parsing;

namespace CryptoHarness.Reporting;

/// <summary>
/// Text from a results file as it may appear in markdown that GitHub (the pull-request comment) or the documentation
/// site renders. A fork's pull request chooses every string in its runs, so none may open a link, an image, an HTML
/// tag or an @-mention: <c>[</c> and <c>]</c> are backslash-escaped, <c>&lt;</c> and <c>&amp;</c> become entities,
/// <c>@</c>, <c>://</c> and <c>www.</c> get a zero-width space so nothing autolinks or notifies, <c>\</c> and
/// <c>|</c> are escaped so an escape cannot be undone and a table cell cannot be split, and a line break becomes a
/// space. Names the harness writes contain none of these, so real results render byte for byte as before.
/// </summary>
public static class MarkdownText
{
    private const char ZeroWidthSpace = '\u200B';

    public static string Escape(string text)
    {
        if (!NeedsEscaping(text))
        {
            return text;
        }

        var escaped = new StringBuilder(text.Length + 16);
        Append(escaped, text);
        return escaped.ToString();
    }

    private static readonly System.Buffers.SearchValues<char> Special = System.Buffers.SearchValues.Create("[]<>&@\\|\r\n");

    private static bool NeedsEscaping(string text) =>
        text.AsSpan().IndexOfAny(Special) >= 0
        || text.Contains("://", StringComparison.Ordinal)
        || text.Contains("www.", StringComparison.OrdinalIgnoreCase);

    private static void Append(StringBuilder escaped, string text)
    {
        for (var i = 0; i < text.Length; i++)
        {
            var c = text[i];
            switch (c)
            {
                case '[' or ']' or '\\' or '|':
                    escaped.Append('\\').Append(c);
                    break;
                case '<':
                    escaped.Append("&lt;");
                    break;
                case '>':
                    // Harmless without '<' except where it opens a quote; escaped only next to a '<' it could close.
                    escaped.Append(text.AsSpan(0, i).Contains('<') ? "&gt;" : ">");
                    break;
                case '&':
                    escaped.Append("&amp;");
                    break;
                case '@':
                    escaped.Append('@').Append(ZeroWidthSpace);
                    break;
                case '\r' or '\n':
                    escaped.Append(' ');
                    break;
                case ':' when string.CompareOrdinal(text, i, "://", 0, 3) == 0:
                    escaped.Append(':').Append(ZeroWidthSpace);
                    break;
                case 'w' or 'W' when i + 4 <= text.Length && string.Compare(text, i, "www.", 0, 4, StringComparison.OrdinalIgnoreCase) == 0:
                    escaped.Append(text, i, 3).Append(ZeroWidthSpace).Append('.');
                    i += 3;
                    break;
                default:
                    escaped.Append(c);
                    break;
            }
        }
    }

    /// <summary>
    /// A template context that applies <see cref="Escape"/> to every value a template prints (<c>{{ value }}</c>), so no
    /// field can be forgotten; the template's own text is written as it stands. Scriban writes every printed value
    /// through <see cref="TemplateContext.Write(SourceSpan, object)"/> and the template's text through its other overloads.
    /// </summary>
    internal sealed class EscapingTemplateContext : TemplateContext
    {
        public override TemplateContext Write(SourceSpan span, object? textAsObject) =>
            base.Write(span, Escaped(textAsObject));

        public override ValueTask<TemplateContext> WriteAsync(SourceSpan span, object? textAsObject) =>
            base.WriteAsync(span, Escaped(textAsObject));

        private string? Escaped(object? value) => value switch
        {
            null => null,
            RenderedMarkdown rendered => rendered.Text,
            _ => Escape(ObjectToString(value) ?? ""),
        };
    }
}

/// <summary>
/// Markdown one of the harness's templates has rendered, every value in it already escaped: a page that includes it
/// (an area page, a scenario's section of it) prints it as it stands.
/// </summary>
public sealed record RenderedMarkdown(string Text)
{
    public override string ToString() => Text;
}

using System.Text;
using Scriban;
using Scriban.Parsing;

namespace CryptoHarness.Reporting;

/// <summary>
/// Text from a results file as it may appear in markdown that GitHub (the pull-request comment) or the documentation
/// site renders. A fork's pull request chooses every string in its runs, so none may open a link, an image, an HTML
/// tag or an @-mention: <c>[</c> and <c>]</c> are backslash-escaped, <c>&lt;</c> and <c>&amp;</c> become entities,
/// <c>@</c>, <c>://</c> and <c>www.</c> get a zero-width space so nothing autolinks or notifies, <c>\</c> and
/// <c>|</c> are escaped so an escape cannot be undone and a table cell cannot be split, and every character that
/// renders as a line break (CR, LF, NEL, U+2028, U+2029, any other control) becomes a space, so no value can start a
/// heading or a code fence of its own. <c>#12</c> and <c>owner/repo#12</c> get a zero-width space after the <c>#</c>
/// and a word of 7 to 40 hex digits one after its first digit, so GitHub makes no issue, pull-request or commit
/// backlink of them; a value that is a commit on its own (the run's <c>git_commit</c>, 40 hex digits, perhaps
/// <c>-dirty</c>) stays as it is. Names the harness writes contain none of the rest, so real results render byte for
/// byte as before.
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

    private static readonly System.Buffers.SearchValues<char> Special = System.Buffers.SearchValues.Create("[]<>&@\\|#\u0085\u2028\u2029");

    private static readonly System.Buffers.SearchValues<char> LowerHex = System.Buffers.SearchValues.Create("0123456789abcdef");

    private static readonly System.Buffers.SearchValues<char> Digits = System.Buffers.SearchValues.Create("0123456789");

    /// <summary>Shortest and longest hex word GitHub links as a commit.</summary>
    private const int ShortestHash = 7;
    private const int LongestHash = 40;

    private static bool NeedsEscaping(string text) =>
        text.AsSpan().IndexOfAny(Special) >= 0
        || text.AsSpan().ContainsAnyInRange('\0', '\u001F')
        || text.Contains("://", StringComparison.Ordinal)
        || text.Contains("www.", StringComparison.OrdinalIgnoreCase)
        || (!IsCommit(text) && HashAt(text, 0) >= 0);

    /// <summary>A recorded commit on its own: 40 lower-case hex digits, with <c>-dirty</c> when the tree had changes.</summary>
    private static bool IsCommit(string text) =>
        text.Length is LongestHash or LongestHash + 6
        && !text.AsSpan(0, LongestHash).ContainsAnyExcept(LowerHex)
        && (text.Length == LongestHash || text.EndsWith("-dirty", StringComparison.Ordinal));

    /// <summary>
    /// Where the next word of 7 to 40 lower-case hex digits, letters and digits both, starts at or after
    /// <paramref name="from"/>, or -1. A word joined to a name by <c>-</c>, <c>_</c>, <c>.</c> or <c>/</c>
    /// (<c>ascon-aead128</c>) is part of that name, not a commit GitHub would link.
    /// </summary>
    private static int HashAt(string text, int from)
    {
        static bool Joins(char c) => char.IsAsciiLetterOrDigit(c) || c is '-' or '_' or '.' or '/';
        for (var i = from; i < text.Length; i++)
        {
            if (!char.IsAsciiHexDigitLower(text[i]) || (i > 0 && Joins(text[i - 1])))
            {
                continue;
            }

            var end = i;
            while (end < text.Length && char.IsAsciiHexDigitLower(text[end]))
            {
                end++;
            }

            // Digits and letters both: a number (1048576) or a word (defaced) is not taken for a commit.
            var word = text.AsSpan(i, end - i);
            if (word.Length is >= ShortestHash and <= LongestHash && (end == text.Length || !(char.IsAsciiLetterOrDigit(text[end]) || text[end] is '-' or '_'))
                && word.ContainsAnyInRange('0', '9') && word.ContainsAnyExcept(Digits))
            {
                return i;
            }

            i = end;
        }

        return -1;
    }

    private static void Append(StringBuilder escaped, string text)
    {
        var nextHash = IsCommit(text) ? -1 : HashAt(text, 0);
        for (var i = 0; i < text.Length; i++)
        {
            var c = text[i];
            if (i == nextHash)
            {
                escaped.Append(c).Append(ZeroWidthSpace);
                nextHash = HashAt(text, i + ShortestHash);
                continue;
            }

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
                case '\u0085' or '\u2028' or '\u2029':
                case < ' ':
                    escaped.Append(' ');
                    break;
                case '#' when i + 1 < text.Length && char.IsAsciiDigit(text[i + 1]):
                    escaped.Append('#').Append(ZeroWidthSpace);
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

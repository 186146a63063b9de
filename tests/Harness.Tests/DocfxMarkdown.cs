using Markdig;
using Markdig.Helpers;
using Markdig.Parsers;
using Markdig.Renderers;
using Markdig.Syntax;
using Markdig.Syntax.Inlines;

namespace CryptoHarness.Tests;

/// <summary>
/// The site's markdown as DocFX reads it, parsed with Markdig (the engine DocFX builds on; DocFX itself is not served).
/// DocFX's documented include syntax is <c>[!INCLUDE [title](path)]</c>: on a line of its own it is a block include
/// (the file's blocks replace it), within text an inline include (only the file's inline markup is kept); the path is
/// relative to the including file, and included files must be excluded from the build. Recognised as DocFX's own
/// parsers do: case-insensitive <c>[!include</c>, a title in brackets (backslash escapes), a path in parentheses
/// (optionally in angle brackets or quotes, optionally followed by a link title), a closing bracket; a block include
/// has nothing but spaces after it and is never inside indented code. Fenced and indented code stay code, as in DocFX.
/// </summary>
public static class DocfxMarkdown
{
    private static readonly MarkdownPipeline Pipeline = new MarkdownPipelineBuilder().UsePipeTables().Use<IncludeExtension>().Build();

    public static MarkdownDocument Parse(string markdown) => Markdown.Parse(markdown, Pipeline);

    /// <summary>Block includes of a parsed file.</summary>
    public static IEnumerable<IncludeBlock> BlockIncludes(this MarkdownDocument document) => document.Descendants<IncludeBlock>();

    /// <summary>Inline includes of a parsed file: an include that shares its line with text.</summary>
    public static IEnumerable<IncludeInline> InlineIncludes(this MarkdownDocument document) => document.Descendants<IncludeInline>();

    /// <summary>Links and images (inline, reference-style, or autolinks' targets are left out: they are absolute).</summary>
    public static IEnumerable<LinkInline> Links(this MarkdownDocument document) => document.Descendants<LinkInline>();

    /// <summary>
    /// A link target that names a file of the site (not a web address, a page anchor or a cross reference), without its
    /// anchor or query; null otherwise.
    /// </summary>
    public static string? LocalFile(string? url)
    {
        if (string.IsNullOrEmpty(url) || url.StartsWith('#') || url.Contains(':', StringComparison.Ordinal))
        {
            return null;
        }

        var end = url.IndexOfAny(['#', '?']);
        return end < 0 ? url : url[..end];
    }

    public sealed class IncludeBlock(BlockParser parser) : LeafBlock(parser)
    {
        public required string Title { get; init; }

        public required string Path { get; init; }
    }

    public sealed class IncludeInline : LeafInline
    {
        public required string Title { get; init; }

        public required string Path { get; init; }
    }

    private sealed class IncludeExtension : IMarkdownExtension
    {
        public void Setup(MarkdownPipelineBuilder pipeline)
        {
            // Ahead of the paragraph and link parsers, which would otherwise take the line or the '[' first.
            pipeline.BlockParsers.Insert(0, new IncludeBlockParser());
            pipeline.InlineParsers.Insert(0, new IncludeInlineParser());
        }

        public void Setup(MarkdownPipeline pipeline, IMarkdownRenderer renderer)
        {
        }
    }

    private sealed class IncludeBlockParser : BlockParser
    {
        public IncludeBlockParser() => OpeningCharacters = ['['];

        public override BlockState TryOpen(BlockProcessor processor)
        {
            if (processor.IsCodeIndent)
            {
                return BlockState.None;
            }

            var line = processor.Line;
            var column = processor.Column;
            if (!TryMatch(ref line, out var title, out var path))
            {
                return BlockState.None;
            }

            while (line.CurrentChar.IsSpaceOrTab())
            {
                line.NextChar();
            }

            if (line.CurrentChar != '\0')
            {
                return BlockState.None; // text follows on the line: an inline include, left to the inline parser
            }

            processor.NewBlocks.Push(new IncludeBlock(this) { Title = title, Path = path, Line = processor.LineIndex, Column = column });
            return BlockState.BreakDiscard;
        }
    }

    private sealed class IncludeInlineParser : InlineParser
    {
        public IncludeInlineParser() => OpeningCharacters = ['['];

        public override bool Match(InlineProcessor processor, ref StringSlice slice)
        {
            var start = processor.GetSourcePosition(slice.Start, out var line, out var column);
            var attempt = slice;
            if (!TryMatch(ref attempt, out var title, out var path))
            {
                return false;
            }

            processor.Inline = new IncludeInline
            {
                Title = title,
                Path = path,
                Line = line,
                Column = column,
                Span = new SourceSpan(start, processor.GetSourcePosition(attempt.Start - 1)),
            };
            slice = attempt;
            return true;
        }
    }

    /// <summary><c>[!include[title](path)]</c> from the slice's position; on success the slice is just past it.</summary>
    private static bool TryMatch(ref StringSlice slice, out string title, out string path)
    {
        title = path = "";
        foreach (var expected in "[!include")
        {
            if (char.ToLowerInvariant(slice.CurrentChar) != expected)
            {
                return false;
            }

            slice.NextChar();
        }

        if (slice.CurrentChar is '+' or '-')
        {
            slice.NextChar();
        }

        SkipSpaces(ref slice);
        if (slice.CurrentChar != '[' || !TryReadUntil(ref slice, ']', out title))
        {
            return false;
        }

        SkipSpaces(ref slice);
        if (slice.CurrentChar != '(')
        {
            return false;
        }

        slice.NextChar();
        SkipSpaces(ref slice);
        if (slice.CurrentChar == '<')
        {
            if (!TryReadUntil(ref slice, '>', out path))
            {
                return false;
            }
        }
        else
        {
            var text = new System.Text.StringBuilder();
            while (slice.CurrentChar != '\0' && slice.CurrentChar != ')' && !slice.CurrentChar.IsWhitespace())
            {
                text.Append(slice.CurrentChar);
                slice.NextChar();
            }

            path = text.ToString().Trim('\'', '"');
        }

        // An optional link title after the path is allowed and ignored.
        while (slice.CurrentChar != '\0' && slice.CurrentChar != ')')
        {
            slice.NextChar();
        }

        if (slice.CurrentChar != ')' || path.Length == 0)
        {
            return false;
        }

        slice.NextChar();
        if (slice.CurrentChar != ']')
        {
            return false;
        }

        slice.NextChar();
        return true;
    }

    /// <summary>From an opening character to <paramref name="close"/>, backslash escapes honoured; the text between, trimmed.</summary>
    private static bool TryReadUntil(ref StringSlice slice, char close, out string text)
    {
        var builder = new System.Text.StringBuilder();
        var escaped = false;
        for (var c = slice.NextChar(); c != '\0'; c = slice.NextChar())
        {
            if (!escaped && c == close)
            {
                slice.NextChar();
                text = builder.ToString().Trim();
                return true;
            }

            escaped = !escaped && c == '\\';
            if (!escaped)
            {
                builder.Append(c);
            }
        }

        text = "";
        return false;
    }

    private static void SkipSpaces(ref StringSlice slice)
    {
        while (slice.CurrentChar.IsSpaceOrTab())
        {
            slice.NextChar();
        }
    }
}

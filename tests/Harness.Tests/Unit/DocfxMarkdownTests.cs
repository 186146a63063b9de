namespace CryptoHarness.Tests.Unit;

/// <summary>
/// The include syntax as DocFX documents and parses it (its InclusionBlockParser and InclusionInlineParser), on the
/// cases where a line-by-line regular expression went wrong or could: code, spacing, quoting, text on the same line.
/// </summary>
public sealed class DocfxMarkdownTests
{
    [Theory]
    [InlineData("[!INCLUDE[SHA-256](benchmarks/sha256.md)]", "benchmarks/sha256.md")]
    [InlineData("[!INCLUDE [SHA-256](benchmarks/sha256.md)]", "benchmarks/sha256.md")]
    [InlineData("[!include[SHA-256](benchmarks/sha256.md)]   ", "benchmarks/sha256.md")]
    [InlineData("[!INCLUDE[Name \\] with a bracket](<benchmarks/with space.md>)]", "benchmarks/with space.md")]
    [InlineData("[!INCLUDE[SHA-256](\"benchmarks/sha256.md\")]", "benchmarks/sha256.md")]
    [InlineData("Some text.\n[!INCLUDE[SHA-256](benchmarks/sha256.md)]", "benchmarks/sha256.md")]
    [InlineData("> [!INCLUDE[SHA-256](benchmarks/sha256.md)]", "benchmarks/sha256.md")]
    public void An_include_on_a_line_of_its_own_is_a_block_include(string markdown, string path)
    {
        var document = DocfxMarkdown.Parse(markdown);

        Assert.Equal(path, Assert.Single(document.BlockIncludes()).Path);
        Assert.Empty(document.InlineIncludes());
    }

    [Theory]
    [InlineData("See [!INCLUDE[SHA-256](benchmarks/sha256.md)] here.")]
    [InlineData("[!INCLUDE[SHA-256](benchmarks/sha256.md)] and text after")]
    public void An_include_that_shares_its_line_with_text_is_inline(string markdown)
    {
        var document = DocfxMarkdown.Parse(markdown);

        Assert.Empty(document.BlockIncludes());
        Assert.Equal("benchmarks/sha256.md", Assert.Single(document.InlineIncludes()).Path);
    }

    [Theory]
    [InlineData("```md\n[!INCLUDE[SHA-256](benchmarks/sha256.md)]\n```")]
    [InlineData("Text.\n\n    [!INCLUDE[SHA-256](benchmarks/sha256.md)]")]
    [InlineData("`[!INCLUDE[SHA-256](benchmarks/sha256.md)]`")]
    [InlineData("[!INCLUDE[SHA-256]]")]
    [InlineData("[!INCLUDE[SHA-256]()]")]
    [InlineData("[!NOTE[SHA-256](benchmarks/sha256.md)]")]
    public void Code_and_malformed_includes_are_no_includes(string markdown)
    {
        var document = DocfxMarkdown.Parse(markdown);

        Assert.Empty(document.BlockIncludes());
        Assert.Empty(document.InlineIncludes());
    }

    [Theory]
    [InlineData("![chart](charts/sha256.svg)", "charts/sha256.svg")]
    [InlineData("[Argon2id](argon2id.md#parameters)", "argon2id.md")]
    [InlineData("[ref][1]\n\n[1]: hashes.md", "hashes.md")]
    [InlineData("[web](https://example.org/a.md)", null)]
    [InlineData("[anchor](#the-machine)", null)]
    [InlineData("[api](xref:CryptoHarness.Implementations.Registry)", null)]
    public void Links_name_a_local_file_or_nothing(string markdown, string? file)
    {
        var link = Assert.Single(DocfxMarkdown.Parse(markdown).Links());

        Assert.Equal(file, DocfxMarkdown.LocalFile(link.Url));
    }
}

using System.Diagnostics;
using Microsoft.Playwright;
using Xunit.Abstractions;

namespace CryptoHarness.Tests.Site;

/// <summary>
/// The committed site as a reader gets it: built by DocFX with warnings as errors, served over HTTP, and every page
/// opened in headless chromium (Debian's, driven by Playwright; Playwright's own browsers are never downloaded). What a
/// reader would meet is checked on every page: console errors, failed requests, charts that do not load or have no
/// size, links to a missing page or anchor, an anchor that does not land on its heading, repeated heading ids, and
/// tables wider than the article.
/// </summary>
public sealed class SiteBrowserTests(DocfxBuild build, ITestOutputHelper output) : IClassFixture<DocfxBuild>
{
    /// <summary>Where Debian's chromium package puts the browser; the one list of system packages installs it.</summary>
    private const string Chromium = "/usr/bin/chromium";

    private static readonly ViewportSize Desktop = new() { Width = 1280, Height = 900 };

    private static readonly ViewportSize Phone = new() { Width = 390, Height = 844 };

    /// <summary>Output that is no page: the table of contents, which each page's script fetches.</summary>
    private static readonly HashSet<string> NotPages = ["toc.html"];

    private const string PageFacts = """
        () => {
          const article = document.querySelector('article') ?? document.body;
          const box = article.getBoundingClientRect();
          const headingIds = [...document.querySelectorAll('h1[id],h2[id],h3[id],h4[id],h5[id],h6[id]')].map(h => h.id);
          return {
            hasArticle: document.querySelector('article') !== null,
            headingIds,
            images: [...article.querySelectorAll('img')].map(i => ({
              src: i.getAttribute('src') ?? '',
              loaded: i.complete && i.naturalWidth > 0,
              width: i.getAttribute('width') ?? '',
              height: i.getAttribute('height') ?? '',
            })),
            // DocFX's own link beside each heading (anchor.js) points at the heading itself: the ids are checked instead.
            links: [...article.querySelectorAll('a[href]:not(.anchorjs-link)')].map(a => a.href),
            tables: [...article.querySelectorAll('table')].map(t => {
              const r = t.getBoundingClientRect();
              return {
                caption: (t.querySelector('th')?.textContent ?? '').trim(),
                right: r.right,
                articleRight: box.right,
                viewport: document.documentElement.clientWidth,
                scrollWidth: t.scrollWidth,
                clientWidth: t.clientWidth,
                overflowX: getComputedStyle(t).overflowX,
              };
            }),
          };
        }
        """;

    private const string HeadingInView = """
        id => {
          const target = document.getElementById(id);
          if (!target) return 'missing';
          if (!/^H[1-6]$/.test(target.tagName)) return 'not a heading but a ' + target.tagName.toLowerCase();
          const top = target.getBoundingClientRect().top;
          return top >= 0 && top < window.innerHeight ? 'ok' : 'off screen, ' + Math.round(top) + ' px from the top';
        }
        """;

    /// <summary>Each heading of the page reached through its #anchor, as a click on a link to it does, in the page as rendered.</summary>
    private const string EveryHeadingInView = """
        () => [...document.querySelectorAll('article h1[id],article h2[id],article h3[id],article h4[id],article h5[id],article h6[id]')]
          .map(h => {
            // Without the smooth scrolling Bootstrap sets, so the jump is done when the hash is set.
            document.documentElement.style.scrollBehavior = 'auto';
            location.hash = '#' + encodeURIComponent(h.id);
            const top = h.getBoundingClientRect().top;
            return top >= 0 && top < window.innerHeight ? null : h.id + ': off screen, ' + Math.round(top) + ' px from the top';
          })
          .filter(p => p !== null)
        """;

    /// <summary>DocFX's script has drawn the page (toc, tables, the re-scroll to an anchor), and the browser has painted it.</summary>
    private const string Rendered = "() => window.docfx?.ready === true";

    private const string TwoFrames = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))";

    /// <summary>Bootstrap scrolls smoothly to an anchor: wait until the page has stood still for ten frames (three seconds at most).</summary>
    private const string ScrollSettled = """
        () => new Promise(done => {
          const until = performance.now() + 3000;
          let last = -1, still = 0;
          const frame = () => {
            still = scrollY === last ? still + 1 : 0;
            last = scrollY;
            if (still >= 10 || performance.now() > until) done(true); else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        })
        """;

    private static async Task OpenAsync(IPage page, Uri url)
    {
        // DocFX's ready flag comes after its fetches (toc, search) and its drawing, so waiting for it covers what
        // waiting for an idle network would, without the half second of quiet that costs on every page.
        await page.GotoAsync(url.ToString(), new() { WaitUntil = WaitUntilState.Load });
        await page.WaitForFunctionAsync(Rendered);
        await page.EvaluateAsync<bool>(url.Fragment.Length > 0 ? ScrollSettled : TwoFrames);
    }

    [Fact]
    public void DocFX_builds_the_committed_site_with_no_warning_and_no_error()
    {
        Assert.True(build.Failure is null, build.Failure);
        output.WriteLine($"dotnet tool restore + docfx build: {build.Elapsed.TotalSeconds:F1} s");
        Assert.True(build.ExitCode == 0 && build.Warnings == 0 && build.Errors == 0,
            $"docfx build exited {build.ExitCode} with {build.Warnings} warning(s) and {build.Errors} error(s):\n{build.Output}");
    }

    [Fact]
    public async Task Every_page_opens_in_chromium_with_its_charts_links_anchors_and_tables_whole()
    {
        Assert.True(build.Failure is null, build.Failure);
        Assert.True(build.ExitCode == 0, $"docfx build exited {build.ExitCode}:\n{build.Output}");
        Assert.True(File.Exists(Chromium), $"{Chromium} not found: install it with `bash scripts/install-system-packages.sh` (Debian's chromium package).");

        var clock = Stopwatch.StartNew();
        using var site = new StaticSite(build.Site);
        using var playwright = await Playwright.CreateAsync();
        await using var browser = await playwright.Chromium.LaunchAsync(new()
        {
            ExecutablePath = Chromium,
            Headless = true,
            Args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
        });
        var context = await browser.NewContextAsync(new() { ViewportSize = Desktop });
        var page = await context.NewPageAsync();

        var problems = new List<string>();
        var current = "";
        page.Console += (_, message) =>
        {
            if (message.Type == "error")
            {
                problems.Add($"{current}: console error: {message.Text}");
            }
        };
        page.PageError += (_, error) => problems.Add($"{current}: script error: {error}");
        page.RequestFailed += (_, request) => problems.Add($"{current}: request failed: {request.Url} ({request.Failure})");
        page.Response += (_, response) =>
        {
            if (response.Status >= 400)
            {
                problems.Add($"{current}: {response.Status} for {response.Url}");
            }
        };

        var pages = Directory.EnumerateFiles(build.Site, "*.html", SearchOption.AllDirectories)
            .Select(p => Path.GetRelativePath(build.Site, p).Replace('\\', '/'))
            .Where(p => !NotPages.Contains(p))
            .Order(StringComparer.Ordinal)
            .ToArray();
        Assert.NotEmpty(pages);
        var headings = new Dictionary<string, HashSet<string>>(StringComparer.Ordinal);
        var links = new List<(string From, Uri To)>();
        foreach (var name in pages)
        {
            current = name;
            await page.SetViewportSizeAsync(Desktop.Width, Desktop.Height);
            await OpenAsync(page, new Uri(site.Address, name));
            var facts = await page.EvaluateAsync<JsonElement>(PageFacts);
            if (!facts.GetProperty("hasArticle").GetBoolean())
            {
                problems.Add($"{name}: no <article>: not a page of the site's template");
            }

            var ids = facts.GetProperty("headingIds").EnumerateArray().Select(i => i.GetString()!).ToArray();
            problems.AddRange(ids.GroupBy(i => i, StringComparer.Ordinal).Where(g => g.Count() > 1)
                .Select(g => $"{name}: heading id '{g.Key}' appears {g.Count()} times"));
            headings[name] = ids.ToHashSet(StringComparer.Ordinal);

            foreach (var image in facts.GetProperty("images").EnumerateArray())
            {
                var src = image.GetProperty("src").GetString();
                if (!image.GetProperty("loaded").GetBoolean())
                {
                    problems.Add($"{name}: image {src} did not load");
                }

                if (image.GetProperty("width").GetString()!.Length == 0 || image.GetProperty("height").GetString()!.Length == 0)
                {
                    problems.Add($"{name}: image {src} has no width and height: the page jumps when it loads");
                }
            }

            links.AddRange(facts.GetProperty("links").EnumerateArray().Select(l => (name, new Uri(l.GetString()!))));
            problems.AddRange(Tables(name, facts, "at 1,280 px", fitsWithoutScrolling: true));

            problems.AddRange((await page.EvaluateAsync<string[]>(EveryHeadingInView)).Select(p => $"{name}#{p}"));

            await page.SetViewportSizeAsync(Phone.Width, Phone.Height);
            problems.AddRange(Tables(name, await page.EvaluateAsync<JsonElement>(PageFacts), "at 390 px", fitsWithoutScrolling: false));
        }

        // Every link inside the site names a page that exists and, with a fragment, a heading on it that is in view once
        // the page, opened at that link, is drawn.
        var anchors = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var (from, to) in links.Where(l => l.To.Authority == site.Address.Authority))
        {
            var target = Uri.UnescapeDataString(to.AbsolutePath).TrimStart('/');
            target = target.Length == 0 || target.EndsWith('/') ? target + "index.html" : target;
            if (!File.Exists(Path.Combine(build.Site, target)))
            {
                problems.Add($"{from}: link to {target}, which the site does not have");
                continue;
            }

            var fragment = Uri.UnescapeDataString(to.Fragment.TrimStart('#'));
            if (fragment.Length == 0 || !headings.TryGetValue(target, out var ids))
            {
                continue;
            }

            if (!ids.Contains(fragment))
            {
                problems.Add($"{from}: link to {target}#{fragment}, which is no heading there");
                continue;
            }

            anchors.Add($"{target}#{fragment}");
        }

        await page.SetViewportSizeAsync(Desktop.Width, Desktop.Height);
        foreach (var anchor in anchors)
        {
            current = anchor;
            var id = anchor[(anchor.IndexOf('#') + 1)..];
            await page.GotoAsync("about:blank");
            await OpenAsync(page, new Uri(site.Address, anchor));
            var landed = await page.EvaluateAsync<string>(HeadingInView, id);
            if (landed != "ok")
            {
                problems.Add($"{anchor}: the heading is {landed}");
            }
        }

        output.WriteLine($"{pages.Length} pages and {anchors.Count} anchors opened in {clock.Elapsed.TotalSeconds:F1} s (docfx build before: {build.Elapsed.TotalSeconds:F1} s)");
        Assert.True(problems.Count == 0, $"{problems.Count} problem(s) on the built site:\n{string.Join('\n', problems.Distinct().Take(60))}");
    }

    /// <summary>
    /// A table never reaches past the article; at desktop width it also shows every column without scrolling, and
    /// narrower, one wider than its box must scroll rather than be cut off.
    /// </summary>
    private static IEnumerable<string> Tables(string page, JsonElement facts, string width, bool fitsWithoutScrolling)
    {
        foreach (var table in facts.GetProperty("tables").EnumerateArray())
        {
            var caption = table.GetProperty("caption").GetString();
            var right = table.GetProperty("right").GetDouble();
            var limit = Math.Min(table.GetProperty("articleRight").GetDouble(), table.GetProperty("viewport").GetDouble());
            if (right > limit + 1)
            {
                yield return $"{page}: the table headed '{caption}' reaches {right - limit:F0} px past the article {width}";
            }

            var hidden = table.GetProperty("scrollWidth").GetDouble() - table.GetProperty("clientWidth").GetDouble();
            if (hidden > 1 && fitsWithoutScrolling)
            {
                yield return $"{page}: the table headed '{caption}' is {hidden:F0} px wider than the article {width}";
            }
            else if (hidden > 1 && table.GetProperty("overflowX").GetString() is not ("auto" or "scroll"))
            {
                yield return $"{page}: the table headed '{caption}' is cut off {width}: {hidden:F0} px hidden and no scrolling";
            }
        }
    }
}

using System.Net;
using System.Net.Sockets;

namespace CryptoHarness.Tests.Site;

/// <summary>
/// A folder served over HTTP on 127.0.0.1, as a static host serves a built site: a file's bytes with its content type,
/// 404 for anything else. A browser needs HTTP rather than file:// for the site's scripts to fetch its toc and index.
/// </summary>
public sealed class StaticSite : IDisposable
{
    private static readonly Dictionary<string, string> ContentTypes = new(StringComparer.OrdinalIgnoreCase)
    {
        [".html"] = "text/html; charset=utf-8",
        [".css"] = "text/css; charset=utf-8",
        [".js"] = "text/javascript; charset=utf-8",
        [".mjs"] = "text/javascript; charset=utf-8",
        [".json"] = "application/json",
        [".map"] = "application/json",
        [".svg"] = "image/svg+xml",
        [".ico"] = "image/x-icon",
        [".png"] = "image/png",
        [".woff"] = "font/woff",
        [".woff2"] = "font/woff2",
        [".yml"] = "text/yaml; charset=utf-8",
        [".txt"] = "text/plain; charset=utf-8",
    };

    private readonly HttpListener _listener = new();
    private readonly string _root;
    private readonly Task _serving;

    public StaticSite(string root)
    {
        _root = Path.GetFullPath(root);
        var port = FreePort();
        Address = new Uri($"http://127.0.0.1:{port}/");
        _listener.Prefixes.Add(Address.ToString());
        _listener.Start();
        _serving = Task.Run(ServeAsync);
    }

    /// <summary>The site's root, ending in a slash.</summary>
    public Uri Address { get; }

    private static int FreePort()
    {
        using var probe = new TcpListener(IPAddress.Loopback, 0);
        probe.Start();
        return ((IPEndPoint)probe.LocalEndpoint).Port;
    }

    private async Task ServeAsync()
    {
        while (_listener.IsListening)
        {
            HttpListenerContext context;
            try
            {
                context = await _listener.GetContextAsync();
            }
            catch (Exception e) when (e is HttpListenerException or ObjectDisposedException or InvalidOperationException)
            {
                return; // stopped
            }

            _ = Task.Run(() => Respond(context));
        }
    }

    private void Respond(HttpListenerContext context)
    {
        using var response = context.Response;
        try
        {
            var relative = Uri.UnescapeDataString(context.Request.Url!.AbsolutePath).TrimStart('/');
            if (relative.Length == 0 || relative.EndsWith('/'))
            {
                relative += "index.html";
            }

            var path = Path.GetFullPath(Path.Combine(_root, relative));
            // Only files inside the folder: a request for ../ is answered as missing.
            if (!path.StartsWith(_root + Path.DirectorySeparatorChar, StringComparison.Ordinal) || !File.Exists(path))
            {
                response.StatusCode = 404;
                return;
            }

            var bytes = File.ReadAllBytes(path);
            response.ContentType = ContentTypes.GetValueOrDefault(Path.GetExtension(path), "application/octet-stream");
            response.ContentLength64 = bytes.Length;
            response.OutputStream.Write(bytes);
        }
        catch (Exception e) when (e is HttpListenerException or IOException)
        {
            // The browser went away mid-response (navigating on): nothing to answer.
        }
    }

    public void Dispose()
    {
        _listener.Stop();
        _listener.Close();
        _serving.Wait(TimeSpan.FromSeconds(5));
    }
}

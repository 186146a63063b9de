namespace CryptoHarness.Tests.EndToEnd;

public sealed class BadInputTests
{
    [Theory]
    [InlineData("run --family SHA-25", "Unknown family 'SHA-25'")]
    [InlineData("run --algorithm sha257", "Unknown algorithm 'sha257'")]
    [InlineData("run --provider openssl", "Unknown provider 'openssl'")]
    [InlineData("run --sizes 0", "Invalid size '0'")]
    [InlineData("run --sizes -5", "Invalid size '-5'")]
    [InlineData("run --sizes abc", "Invalid size 'abc'")]
    [InlineData("run --sizes 128,,256", "Invalid size ''")]
    [InlineData("run --job fast", "Unknown job 'fast'")]
    [InlineData("run --familly SHA-256", "Unknown option '--familly'")]
    [InlineData("verify --sizes 1.5", "Invalid size '1.5'")]
    [InlineData("bench", "Unknown command 'bench'")]
    [InlineData("run --scenario streaming", "Unknown scenario 'streaming'")]
    [InlineData("run --scenario stream --stream-size 64MB", "Invalid --stream-size '64MB'")]
    [InlineData("run --sizes 1KB", "Invalid size '1KB'")]
    [InlineData("run --sizes 2GiB", "Invalid size '2GiB'")]
    [InlineData("run --sizes 8589934594GiB", "Invalid size '8589934594GiB'")]
    [InlineData("run --sizes 17179869184GiB", "Invalid size '17179869184GiB'")]
    [InlineData("run --sizes 17179869185GiB", "Invalid size '17179869185GiB'")]
    [InlineData("run --sizes 9223372036854775807KiB", "Invalid size '9223372036854775807KiB'")]
    [InlineData("compare --noise 1e305ms", "Invalid --noise '1e305ms'")]
    [InlineData("compare --noise 2000ms", "Invalid --noise '2000ms'")]
    [InlineData("run --scenario stream --family AEAD", "The filters select no implementation with an incremental API")]
    [InlineData("run --scenario batch --family BLAKE3", "The filters select no implementation with a batch API")]
    [InlineData("run --scenario batch --family SHA-256 --provider os", "The filters select no implementation with a batch API")]
    // The scenarios of today, as a prefix: a scenario added later joins the list without an edit here.
    [InlineData("run --scenario batched", "Unknown scenario 'batched'. Valid scenarios: oneshot, stream, batch, password")]
    [InlineData("run --family Argon2 --argon2 m=4096GiB,t=1,p=1", "Invalid --argon2 'm=4096GiB,t=1,p=1': m=4294967296 KiB (4 TiB)")]
    [InlineData("run --family Argon2 --argon2 m=2047GiB,t=1,p=1", "Invalid --argon2 'm=2047GiB,t=1,p=1': Argon2 memory m=2146435072 KiB (2047 GiB) is more than this machine can give")]
    [InlineData("run --family Argon2 --argon2 m=16,t=1,p=4", "Invalid --argon2 'm=16,t=1,p=4': Argon2 memory m=16 KiB is below 8·p = 32 KiB")]
    [InlineData("run --family Argon2 --argon2 m=65536,t=0,p=1", "Invalid --argon2 'm=65536,t=0,p=1': Argon2 passes t=0 is out of range")]
    [InlineData("run --family Argon2 --argon2 m=65536,t=1,p=0", "Invalid --argon2 'm=65536,t=1,p=0': Argon2 lanes p=0 is out of range")]
    [InlineData("run --family Argon2 --argon2 m=268435456,t=1,p=16777216", "Invalid --argon2 'm=268435456,t=1,p=16777216': Argon2 lanes p=16777216 is out of range")]
    [InlineData("run --family Argon2 --argon2 m=65536,t=1,p=1,len=3", "Invalid --argon2 'm=65536,t=1,p=1,len=3': Argon2 tag length 3 bytes is too short")]
    [InlineData("run --family Argon2 --argon2 m=65536,t=1", "Invalid --argon2 'm=65536,t=1': p= is missing")]
    [InlineData("run --family Argon2 --argon2 m=64MB,t=1,p=1", "Invalid --argon2 'm=64MB,t=1,p=1' at 'm=64MB'")]
    [InlineData("run --family Argon2 --argon2-set fast", "Unknown Argon2 parameter set 'fast'")]
    [InlineData("run --family bcrypt --bcrypt-cost 3", "Invalid --bcrypt-cost '3'")]
    [InlineData("run --family SHA-256 --scenario oneshot --argon2-set owasp", "--argon2-set applies to password hashes")]
    [InlineData("run --scenario password --family SHA-256", "The filters select no password hash")]
    [InlineData("run --family SHA-256 --isa avx9", "Unknown --isa 'avx9'. Valid levels: x86-64-v4, x86-64-v3, x86-64-v2, scalar.")]
    [InlineData("verify --family SHA-256 --isa v3", "Unknown --isa 'v3'")]
    [InlineData("leaks --budget 0", "Invalid --budget '0'. Valid: seconds per operation, from 0.01 to 3600")]
    [InlineData("leaks --budget 3601", "Invalid --budget '3601'. Valid: seconds per operation, from 0.01 to 3600")]
    [InlineData("leaks --budget -1", "Invalid --budget '-1'")]
    [InlineData("leaks --budget 2s", "Invalid --budget '2s'")]
    [InlineData("leaks --budget NaN", "Invalid --budget 'NaN'")]
    [InlineData("leaks --family SHA-2", "The filters select nothing with a verify or decrypt path. Valid families for leaks: Ascon, MAC, AEAD, Argon2, bcrypt.")]
    [InlineData("leaks --job quick", "Unknown option '--job' for 'leaks'")]
    [InlineData("run --job=fast", "Unknown job 'fast'. Valid jobs: dry, quick, default.")]
    [InlineData("run --sizes=1KB", "Invalid size '1KB'")]
    [InlineData("run --family=Argon2 --argon2-set=fast", "Unknown Argon2 parameter set 'fast'")]
    [InlineData("leaks --budget=0", "Invalid --budget '0'")]
    [InlineData("run --family", "Option '--family' needs a value")]
    [InlineData("run --family SHA-256 --family=BLAKE3", "Option '--family' is given twice")]
    [InlineData("run --quiet --help-me", "Unknown option '--help-me' for 'run'")]
    [InlineData("compare --fail-on=sometimes", "Invalid --fail-on 'sometimes'. Valid: slower, never.")]
    [InlineData("compare --threshold=0%", "Invalid --threshold '0%'")]
    [InlineData("--json", "Unknown option '--json' for 'harness'")]
    public void Bad_input_gets_one_line_exit_2_and_writes_nothing(string commandLine, string start)
    {
        using var folder = new TestFolder();
        var results = folder.Combine("results");
        var output = folder.Combine("out");
        var args = commandLine.Split(' ').ToList();
        if (args[0] is "run" or "leaks")
        {
            args.AddRange(["--results", results, "--out", output]);
        }

        var result = Cli.Run([.. args]);

        Assert.Equal(2, result.ExitCode);
        var line = Assert.Single(result.Error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith("harness: " + start, line, StringComparison.Ordinal);
        Assert.Matches("Valid|valid", line);
        Assert.False(Directory.Exists(results));
        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public void Report_of_a_file_that_is_not_json_names_the_file()
    {
        using var folder = new TestFolder();
        var file = folder.Combine("notes.txt");
        File.WriteAllText(file, "not json");
        var result = Cli.Run("report", "--results", file, "--out", folder.Combine("out"));
        Assert.Equal(2, result.ExitCode);
        Assert.Contains(file, result.Error, StringComparison.Ordinal);
        Assert.Contains("not valid JSON", result.Error, StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder.Combine("out")));
    }

    [Fact]
    public void Report_of_benchmarkdotnet_raw_json_says_what_to_pass_instead()
    {
        using var folder = new TestFolder();
        var file = folder.Combine("HashBenchmarks-report-full.json");
        File.WriteAllText(file, """{"Title":"x","HostEnvironmentInfo":{},"Benchmarks":[]}""");
        var result = Cli.Run("report", "--results", file, "--out", folder.Combine("out"));
        Assert.Equal(2, result.ExitCode);
        Assert.Contains("a BenchmarkDotNet export, not a harness summary; the harness renders only runs it verified itself: measure with 'harness run'", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Report_of_json_missing_harness_fields_names_what_is_missing()
    {
        using var folder = new TestFolder();
        var file = folder.Combine("summary.json");
        File.WriteAllText(file, """{"schema":"crypto-harness/summary/1","results":[]}""");
        var result = Cli.Run("report", "--results", file, "--out", folder.Combine("out"));
        Assert.Equal(2, result.ExitCode);
        Assert.Contains(file, result.Error, StringComparison.Ordinal);
        Assert.Contains("run", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Report_of_a_missing_folder_names_it()
    {
        var result = Cli.Run("report", "--results", "/nonexistent/run-folder");
        Assert.Equal(2, result.ExitCode);
        Assert.Contains("/nonexistent/run-folder", result.Error, StringComparison.Ordinal);
    }
}

public sealed class SizeParsingTests
{
    [Theory]
    [InlineData("128", 128)]
    [InlineData("1KiB", 1024)]
    [InlineData("128KiB", 131072)]
    [InlineData("64MiB", 67108864)]
    [InlineData("1GiB", 1073741824)]
    public void Sizes_take_binary_units(string text, int bytes) => Assert.Equal(bytes, CryptoHarness.Selecting.PayloadSizes.Parse(text));
}

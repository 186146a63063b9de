#!/usr/bin/env pwsh
#Requires -Version 7.4

<#
.SYNOPSIS
    Verifies and benchmarks one family (or algorithm) through the harness CLI, then writes its reports.
.DESCRIPTION
    A thin wrapper over `dotnet run --project harness -- run`. Family, job and scenario names belong to the harness:
    nothing is kept here, each value goes through as given and the harness checks it (bad input: its own one-line
    message naming the valid choices, exit code 2). Exit codes are the harness's: 0 success, 1 an implementation
    failed, 2 bad input.
    Family and algorithm names are the harness's, and it takes them as users of other tools' docs type them: SHA256 for
    SHA-256, AesGcm128 for AES-128-GCM, BLAKE for BLAKE2 and BLAKE3; a name that could be several is refused with its
    candidates. The built harness is run directly when its build is up to date, else through `dotnet run`; -Verbose
    says which, and why. Written with the language and .NET calls only (no Utility or Management cmdlets).
.EXAMPLE
    ./scripts/run-benchmarks.ps1 -Family SHA-256

    Verifies every SHA-256 implementation, measures the ones that passed at 128 B, 1 KiB, 8 KiB and 128 KiB, and writes
    reports/<machine>/sha256.md.
.EXAMPLE
    ./scripts/run-benchmarks.ps1 -Family BLAKE -Job quick

    BLAKE2 and BLAKE3, with the quick job.
.EXAMPLE
    ./scripts/run-benchmarks.ps1 -Family SHA-256 -Job dry -DryRun
.EXAMPLE
    ./scripts/run-benchmarks.ps1 -List
#>
[CmdletBinding()]
param(
    # A family or algorithm name exactly as `harness list` prints it (e.g. SHA-2, SHA-256, BLAKE3).
    [string] $Family,
    # A job preset of the harness (its default when omitted); the harness names the valid ones.
    [string] $Job,
    # Comma-separated payload sizes, plain bytes or with KiB/MiB; the harness default is 128,1KiB,8KiB,128KiB.
    [string] $Sizes,
    # A scenario of the harness (its default, the size sweep, when omitted); the harness names the valid ones.
    [string] $Scenario,
    # Input size of the stream scenario, e.g. 64MiB (the harness default).
    [string] $StreamSize,
    # Where the raw results go (the harness default: artifacts/results).
    [string] $Results,
    # Write the reports into this folder instead of reports/<machine>/ and machine-specs/.
    [string] $Out,
    # Print the registry (ids, families, providers, support) and stop.
    [switch] $List,
    # Print the command that would run, and run nothing.
    [switch] $DryRun
)

Set-StrictMode -Version Latest
$ErrorActionPreference = 'Stop'
$PSNativeCommandUseErrorActionPreference = $true

. ([IO.Path]::Combine($PSScriptRoot, 'harness-cli.ps1'))

if ($List) {
    $harnessArgs = @('list')
} else {
    if (-not $Family) {
        # Without a family the harness would run every family; name the valid ones, taken from the harness itself.
        $json = (Invoke-Harness @('list', '--json')) -join "`n"
        $families = [Collections.Generic.List[string]]::new()
        foreach ($name in [Text.Json.JsonDocument]::Parse($json).RootElement.GetProperty('families').EnumerateArray()) {
            $families.Add($name.GetString())
        }
        Stop-WithUsageError "run-benchmarks: -Family is required. Valid families: $($families -join ', '); or an algorithm name from -List."
    }

    $harnessArgs = @('run', '--family', $Family)
    if ($Job) { $harnessArgs += @('--job', $Job) }
    if ($Sizes) { $harnessArgs += @('--sizes', $Sizes) }
    if ($Scenario) { $harnessArgs += @('--scenario', $Scenario) }
    if ($StreamSize) { $harnessArgs += @('--stream-size', $StreamSize) }
    if ($Results) { $harnessArgs += @('--results', $Results) }
    if ($Out) { $harnessArgs += @('--out', $Out) }
}

if ($DryRun) {
    "dotnet $(($HarnessDotnetRun + $harnessArgs) -join ' ')"
    return
}

Invoke-Harness $harnessArgs

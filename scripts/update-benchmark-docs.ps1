#!/usr/bin/env pwsh
#Requires -Version 7.4

<#
.SYNOPSIS
    Re-renders one machine's reports from a run, refreshes the documentation site from them, and builds the site.
.DESCRIPTION
    A thin wrapper over the harness CLI:
      1. `harness report --results <run>`: reports/<machine>/ (pages, charts, data/) and machine-specs/<machine>.md.
         Without -Results the run is the newest run folder under artifacts/results (of -Machine, if given; by folder
         name, which starts with the run's UTC time).
      2. `harness site --machine <machine>`: docs/benchmarks/ (the fragments the site includes), the cross-machine
         fragment, and the area pages (docs/hashes.md, ...) generated from templates/site/.
      3. When DocFX is available (a local tool in .config/dotnet-tools.json, or `docfx` on PATH), builds the site with
         --warningsAsErrors, so a missing include fails; otherwise says that it skipped the build.
    With -Out, step 1 writes into that folder instead and steps 2 and 3 are skipped (the site is built from reports/).
    Exit codes are the harness's; no run to render is bad input (one line, exit code 2), and a failed site build ends
    the script with DocFX's exit code. Written with the language and .NET calls only (no Utility or Management cmdlets).
.EXAMPLE
    ./scripts/update-benchmark-docs.ps1 -Machine amd-epyc-x86-64-v4-linux-net10

    Renders the newest run of that machine under artifacts/results, refreshes docs/ from its reports and builds the
    site with DocFX.
.EXAMPLE
    ./scripts/update-benchmark-docs.ps1 -Results artifacts/results/amd-epyc-x86-64-v4-linux-net10/20261121T060000Z-quick

    Renders that run, whatever its age.
#>
[CmdletBinding()]
param(
    # A run folder (holding summary.json), a summary.json file, or a reports data folder (reports/<machine>/data).
    [string] $Results,
    # Pick the newest run of this machine key (a folder name under artifacts/results); default: any machine.
    [string] $Machine,
    # Write the reports into this folder instead of reports/ and machine-specs/, and leave the site alone.
    [string] $Out,
    # Refresh docs/ but do not build the site even if DocFX is available.
    [switch] $NoBuild
)

Set-StrictMode -Version Latest
$ErrorActionPreference = 'Stop'
$PSNativeCommandUseErrorActionPreference = $true

$root = [IO.Path]::GetDirectoryName($PSScriptRoot)
. ([IO.Path]::Combine($PSScriptRoot, 'harness-cli.ps1'))

if (-not $Results) {
    $runs = [IO.Path]::Combine($root, 'artifacts', 'results')
    $newest = $null
    if ([IO.Directory]::Exists($runs)) {
        foreach ($machineFolder in [IO.Directory]::GetDirectories($runs)) {
            if ($Machine -and [IO.Path]::GetFileName($machineFolder) -ne $Machine) { continue }
            foreach ($run in [IO.Directory]::GetDirectories($machineFolder)) {
                # Run folders are named by their UTC start time, so the greatest name is the newest run.
                if ([IO.File]::Exists([IO.Path]::Combine($run, 'summary.json')) -and
                    ($null -eq $newest -or [string]::CompareOrdinal([IO.Path]::GetFileName($run), [IO.Path]::GetFileName($newest)) -gt 0)) {
                    $newest = $run
                }
            }
        }
    }

    if ($null -eq $newest) {
        $forMachine = if ($Machine) { " for machine $Machine" } else { '' }
        Stop-WithUsageError "update-benchmark-docs: no run with a summary.json under $runs$forMachine. Run scripts/run-benchmarks.ps1 first, or pass -Results."
    }

    $Results = $newest
}

$reportArgs = @('report', '--results', $Results)
if ($Out) { $reportArgs += @('--out', $Out) }
Invoke-Harness $reportArgs
if ($Out) { return }

# The machine key is the run's own (run.machine_key of summary.json, or of any data file), never guessed from a path.
if (-not $Machine) {
    $summaryFile = $Results
    if ([IO.Directory]::Exists($Results)) {
        $summaryFile = [IO.Path]::Combine($Results, 'summary.json')
        if (-not [IO.File]::Exists($summaryFile)) { $summaryFile = [IO.Directory]::GetFiles($Results, '*.json')[0] }
    }

    $Machine = [Text.Json.JsonDocument]::Parse([IO.File]::ReadAllText($summaryFile)).RootElement.GetProperty('run').GetProperty('machine_key').GetString()
}

Invoke-Harness @('site', '--machine', $Machine)

if ($NoBuild) { return }
$docfxConfig = [IO.Path]::Combine($root, 'docs', 'docfx.json')
$toolManifest = [IO.Path]::Combine($root, '.config', 'dotnet-tools.json')
try {
    if ([IO.File]::Exists($toolManifest) -and [IO.File]::ReadAllText($toolManifest).Contains('"docfx"')) {
        $null = & dotnet tool restore
        & dotnet tool run docfx build $docfxConfig --warningsAsErrors
    } elseif (Get-Command docfx -CommandType Application -ErrorAction SilentlyContinue) {
        & docfx build $docfxConfig --warningsAsErrors
    } else {
        $PSCmdlet.WriteWarning('DocFX is not installed (not a local tool here, not on PATH): docs/ was refreshed but the site was not built.')
    }
} catch [System.Management.Automation.NativeCommandExitException] {
    [Console]::Error.WriteLine("update-benchmark-docs: the site build failed (exit code $($_.Exception.ExitCode)); DocFX's messages are above.")
    exit $_.Exception.ExitCode
}

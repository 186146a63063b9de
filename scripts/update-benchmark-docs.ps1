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
.EXAMPLE
    ./scripts/update-benchmark-docs.ps1 -Machine amd-epyc-x86-64-v4-linux-net10
.EXAMPLE
    ./scripts/update-benchmark-docs.ps1 -Results artifacts/results/amd-epyc-x86-64-v4-linux-net10/20261121T060000Z-quick
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

$root = Split-Path -Parent $PSScriptRoot
$project = Join-Path $root 'harness'

if (-not $Results) {
    $runs = Join-Path $root 'artifacts' 'results'
    $newest = Get-ChildItem -Path $runs -Directory -ErrorAction SilentlyContinue |
        Where-Object { -not $Machine -or $_.Name -eq $Machine } |
        ForEach-Object { Get-ChildItem -Path $_.FullName -Directory } |
        Where-Object { Test-Path (Join-Path $_.FullName 'summary.json') } |
        Sort-Object Name -Descending |
        Select-Object -First 1
    if (-not $newest) {
        throw "No run with a summary.json under $runs$(if ($Machine) { " for machine $Machine" }). Run scripts/run-benchmarks.ps1 first, or pass -Results."
    }
    $Results = $newest.FullName
}

# The machine key is the run's own (summary.json's run.machine_key), never guessed from a path.
if (-not $Machine) {
    $summaryFile = if (Test-Path -PathType Container $Results) {
        $candidate = Join-Path $Results 'summary.json'
        if (Test-Path $candidate) { $candidate } else { Get-ChildItem -Path $Results -Filter '*.json' | Select-Object -First 1 -ExpandProperty FullName }
    } else { $Results }
    $Machine = (Get-Content -Raw $summaryFile | ConvertFrom-Json).run.machine_key
}

$reportArgs = @('report', '--results', $Results)
if ($Out) { $reportArgs += @('--out', $Out) }
& dotnet run -c Release --project $project -- @reportArgs
if ($Out) { return }

& dotnet run -c Release --project $project -- site --machine $Machine

if ($NoBuild) { return }
$docfxConfig = Join-Path $root 'docs' 'docfx.json'
$toolManifest = Join-Path $root '.config' 'dotnet-tools.json'
if ((Test-Path $toolManifest) -and (Select-String -Path $toolManifest -Pattern '"docfx"' -Quiet)) {
    & dotnet tool restore
    & dotnet tool run docfx build $docfxConfig --warningsAsErrors
} elseif (Get-Command docfx -ErrorAction SilentlyContinue) {
    & docfx build $docfxConfig --warningsAsErrors
} else {
    Write-Warning 'DocFX is not installed (not a local tool here, not on PATH): docs/ was refreshed but the site was not built.'
}

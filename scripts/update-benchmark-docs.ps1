#!/usr/bin/env pwsh
#Requires -Version 7.4
<#
.SYNOPSIS
    Re-renders the committed reports from a run's normalized results.
.DESCRIPTION
    A thin wrapper over `dotnet run --project harness -- report`. Without -Results it takes the newest run folder
    under artifacts/results (of -Machine, if given; by folder name, which starts with the run's UTC time). Reports go to
    reports/<machine>/ and machine-specs/<machine>.md, or to -Out.
.EXAMPLE
    ./scripts/update-benchmark-docs.ps1
.EXAMPLE
    ./scripts/update-benchmark-docs.ps1 -Results artifacts/results/amd-epyc-x86-64-v4-linux-net10/20261121T060000Z-quick
#>
[CmdletBinding()]
param(
    # A run folder (holding summary.json) or a summary.json file.
    [string] $Results,
    # Pick the newest run of this machine key (a folder name under artifacts/results); default: any machine.
    [string] $Machine,
    # Write every page into this folder instead of reports/ and machine-specs/.
    [string] $Out
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
        throw "No run with a summary.json under $runs. Run scripts/run-benchmarks.ps1 first, or pass -Results."
    }
    $Results = $newest.FullName
}

$reportArgs = @('report', '--results', $Results)
if ($Out) { $reportArgs += @('--out', $Out) }

& dotnet run -c Release --project $project -- @reportArgs

#!/usr/bin/env pwsh
#Requires -Version 7.4
<#
.SYNOPSIS
    Verifies and benchmarks one family (or algorithm) through the harness CLI, then writes its reports.
.DESCRIPTION
    A thin wrapper over `dotnet run --project harness -- run`. Family names come from `harness list`; nothing is
    kept here. Exit codes are the harness's: 0 success, 1 an implementation failed, 2 bad input.
.EXAMPLE
    ./scripts/run-benchmarks.ps1 -Family SHA-256
.EXAMPLE
    ./scripts/run-benchmarks.ps1 -List
#>
[CmdletBinding()]
param(
    # A family or algorithm name exactly as `harness list` prints it (e.g. SHA-2, SHA-256, BLAKE3).
    [string] $Family,
    [ValidateSet('quick', 'default', 'dry')]
    [string] $Job = 'quick',
    # Comma-separated payload sizes, plain bytes or with KiB/MiB; the harness default is 128,1KiB,8KiB,128KiB.
    [string] $Sizes,
    # oneshot (the size sweep), stream (64 KiB chunks over one large input) or batch (many short messages); the
    # harness checks the name and lists the valid ones, so no list is kept here.
    [string] $Scenario = 'oneshot',
    # Input size of the stream scenario, e.g. 64MiB (the harness default).
    [string] $StreamSize,
    # Print the registry (ids, families, providers, support) and stop.
    [switch] $List,
    # Print the command that would run, and run nothing.
    [switch] $DryRun
)

Set-StrictMode -Version Latest
$ErrorActionPreference = 'Stop'
$PSNativeCommandUseErrorActionPreference = $true

$root = Split-Path -Parent $PSScriptRoot
$project = Join-Path $root 'harness'

$harnessArgs = if ($List) {
    @('list')
} else {
    if (-not $Family) {
        $families = (& dotnet run -c Release --project $project -- list --json | ConvertFrom-Json) |
            ForEach-Object { $_.family } | Sort-Object -Unique
        throw "-Family is required. Valid families: $($families -join ', ')."
    }
    $runArgs = @('run', '--family', $Family, '--job', $Job)
    if ($Sizes) { $runArgs += @('--sizes', $Sizes) }
    if ($Scenario -ne 'oneshot') { $runArgs += @('--scenario', $Scenario) }
    if ($StreamSize) { $runArgs += @('--stream-size', $StreamSize) }
    $runArgs
}

$command = @('run', '-c', 'Release', '--project', $project, '--') + $harnessArgs
if ($DryRun) {
    Write-Output "dotnet $($command -join ' ')"
    return
}

& dotnet @command

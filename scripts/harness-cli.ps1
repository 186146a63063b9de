#Requires -Version 7.4
<#
.SYNOPSIS
    How the PowerShell wrappers call the harness CLI; dot-sourced by them, not run on its own.
.DESCRIPTION
    $HarnessDotnetRun is the `dotnet run` prefix of every harness command (Release, the repository's harness project).
    Invoke-Harness runs one command; the harness's exit code is the caller's: a failing command ends the calling script
    with it, after the harness has said why. Language and .NET calls only, like the wrappers.
#>

$HarnessDotnetRun = @('run', '-c', 'Release', '--project', [IO.Path]::Combine([IO.Path]::GetDirectoryName($PSScriptRoot), 'harness'), '--')

function Invoke-Harness([string[]] $HarnessArguments) {
    try {
        & dotnet @HarnessDotnetRun @HarnessArguments
    } catch [System.Management.Automation.NativeCommandExitException] {
        exit $_.Exception.ExitCode
    }
}

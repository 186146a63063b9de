#Requires -Version 7.4

<#
.SYNOPSIS
    How the PowerShell wrappers call the harness CLI; dot-sourced by them, not run on its own.
.DESCRIPTION
    $HarnessDotnetRun is the `dotnet run` prefix of every harness command (Release, the repository's harness project).
    Invoke-Harness runs one command: the built Release program directly when it is newer than every source it is built
    from (what `dotnet run` would find after its up-to-date check, without the four to six seconds that check takes),
    else through `dotnet run`, which builds it first. The harness's exit code is the caller's: a failing command ends
    the calling script with it, after the harness has said why. Stop-WithUsageError ends a script as the harness ends on
    bad input: one plain line on standard error, exit code 2. Language and .NET calls only, like the wrappers.
#>

$HarnessRoot = [IO.Path]::GetDirectoryName($PSScriptRoot)
$HarnessProject = [IO.Path]::Combine($HarnessRoot, 'harness')
$HarnessDotnetRun = @('run', '-c', 'Release', '--project', $HarnessProject, '--')
$HarnessProgram = [IO.Path]::Combine($HarnessProject, 'bin', 'Release', 'net10.0', 'Harness.dll')

# The newest write time of the files the program is built from: its projects' folders (without build output), the
# templates it copies, and the repository-wide build settings.
function Get-NewestSourceWrite {
    $newest = [DateTime]::MinValue
    foreach ($file in @('Directory.Build.props', 'Directory.Packages.props', 'global.json')) {
        $path = [IO.Path]::Combine($HarnessRoot, $file)
        if ([IO.File]::Exists($path)) {
            $written = [IO.File]::GetLastWriteTimeUtc($path)
            if ($written -gt $newest) { $newest = $written }
        }
    }

    $folders = [Collections.Generic.Stack[string]]::new()
    foreach ($top in @('harness', 'implementations', 'templates')) {
        $folders.Push([IO.Path]::Combine($HarnessRoot, $top))
    }

    while ($folders.Count -gt 0) {
        $folder = $folders.Pop()
        if (-not [IO.Directory]::Exists($folder)) { continue }
        foreach ($file in [IO.Directory]::EnumerateFiles($folder)) {
            $written = [IO.File]::GetLastWriteTimeUtc($file)
            if ($written -gt $newest) { $newest = $written }
        }

        foreach ($child in [IO.Directory]::EnumerateDirectories($folder)) {
            if (@('bin', 'obj', 'target') -notcontains [IO.Path]::GetFileName($child)) { $folders.Push($child) }
        }
    }

    $newest
}

function Invoke-Harness([string[]] $HarnessArguments) {
    $built = [IO.File]::Exists($HarnessProgram) -and [IO.File]::GetLastWriteTimeUtc($HarnessProgram) -ge (Get-NewestSourceWrite)
    try {
        if ($built) {
            & dotnet $HarnessProgram @HarnessArguments
        } else {
            & dotnet @HarnessDotnetRun @HarnessArguments
        }
    } catch [System.Management.Automation.NativeCommandExitException] {
        exit $_.Exception.ExitCode
    }
}

function Stop-WithUsageError([string] $Message) {
    [Console]::Error.WriteLine($Message)
    exit 2
}

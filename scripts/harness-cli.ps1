#Requires -Version 7.4

<#
.SYNOPSIS
    How the PowerShell wrappers call the harness CLI; dot-sourced by them, not run on its own.
.DESCRIPTION
    $HarnessDotnetRun is the `dotnet run` prefix of every harness command (Release, the repository's harness project).
    Invoke-Harness runs one command: the built Release program directly when each part of that build (each project's
    assembly, the copied templates, the BLAKE3 shim) is at least as new as what that part is built from (what
    `dotnet run` would find after its up-to-date check, without the four to six seconds that check takes), else through
    `dotnet run`, which builds it first; with -Verbose it says which, and why. The harness's exit code is the caller's: a failing command ends the calling script with it, after the harness
    has said why. Stop-WithUsageError ends a script as the harness ends on bad input: one plain line on standard error,
    exit code 2. Language and .NET calls only, like the wrappers.
#>

$HarnessRoot = [IO.Path]::GetDirectoryName($PSScriptRoot)
$HarnessProject = [IO.Path]::Combine($HarnessRoot, 'harness')
$HarnessDotnetRun = @('run', '-c', 'Release', '--project', $HarnessProject, '--')
$HarnessOutput = [IO.Path]::Combine($HarnessProject, 'bin', 'Release', 'net10.0')
$HarnessProgram = [IO.Path]::Combine($HarnessOutput, 'Harness.dll')

# The files under $Folder, its build output (bin, obj, cargo's target) left out.
function Get-SourceFile([string] $Folder) {
    $folders = [Collections.Generic.Stack[string]]::new()
    $folders.Push($Folder)
    while ($folders.Count -gt 0) {
        $current = $folders.Pop()
        if (-not [IO.Directory]::Exists($current)) { continue }
        foreach ($file in [IO.Directory]::EnumerateFiles($current)) { $file }
        foreach ($child in [IO.Directory]::EnumerateDirectories($current)) {
            if (@('bin', 'obj', 'target') -notcontains [IO.Path]::GetFileName($child)) { $folders.Push($child) }
        }
    }
}

# Why $Output is out of date ("<source> is newer than <output>", or "<output> is missing"), or nothing when it is not.
function Get-OutdatedReason([string] $Output, [string[]] $Sources) {
    if (-not [IO.File]::Exists($Output)) { return "$Output is missing" }
    $built = [IO.File]::GetLastWriteTimeUtc($Output)
    foreach ($source in $Sources) {
        if ([IO.File]::Exists($source) -and [IO.File]::GetLastWriteTimeUtc($source) -gt $built) { return "$source is newer than $Output" }
    }
}

# Why the build folder is out of date, or nothing when it is not. Each output is compared with its own inputs, as MSBuild
# decides what to rewrite: a project's assembly is rewritten only when its own sources or build files change (a rebuilt
# reference is copied beside it, and the assembly that references it is left untouched when the reference's public
# surface did not change), and a copied file keeps its source's write time.
function Get-OutdatedHarnessReason {
    # What every project is built with (MSBuild imports the props files, the compiler reads .editorconfig): a change to
    # one rebuilds every assembly. A change to global.json rebuilds none, so it is not among them.
    $buildFiles = foreach ($file in @('Directory.Build.props', 'Directory.Packages.props', '.editorconfig')) {
        [IO.Path]::Combine($HarnessRoot, $file)
    }

    # The assembly of the harness's project and of every project it references, named as its project file names it,
    # against that project's folder (the project file included), the files it imports and the repository's build files.
    # Its templates (*.sbn) are not compiled: they are copied to templates/ under their own names.
    $templates = [IO.Path]::Combine($HarnessOutput, 'templates')
    $projects = [Collections.Generic.Stack[string]]::new()
    $projects.Push([IO.Path]::Combine($HarnessProject, 'Harness.csproj'))
    $seen = [Collections.Generic.HashSet[string]]::new()
    while ($projects.Count -gt 0) {
        $project = $projects.Pop()
        if (-not $seen.Add($project)) { continue }
        $folder = [IO.Path]::GetDirectoryName($project)
        $definition = [xml][IO.File]::ReadAllText($project)
        $assemblyName = $definition.SelectSingleNode('/Project/PropertyGroup/AssemblyName')
        $assembly = if ($assemblyName) { $assemblyName.InnerText } else { [IO.Path]::GetFileNameWithoutExtension($project) }
        $sources = [Collections.Generic.List[string]]::new([string[]] $buildFiles)
        foreach ($import in $definition.SelectNodes('/Project/Import')) {
            $sources.Add([IO.Path]::GetFullPath([IO.Path]::Combine($folder, $import.GetAttribute('Project'))))
        }

        $copied = [Collections.Generic.List[string]]::new()
        foreach ($file in Get-SourceFile $folder) {
            if ($file.EndsWith('.sbn', [StringComparison]::Ordinal)) { $copied.Add($file) } else { $sources.Add($file) }
        }

        $reason = Get-OutdatedReason ([IO.Path]::Combine($HarnessOutput, "$assembly.dll")) $sources
        if ($reason) { return $reason }
        foreach ($file in $copied) {
            $reason = Get-OutdatedReason ([IO.Path]::Combine($templates, [IO.Path]::GetFileName($file))) @($file)
            if ($reason) { return $reason }
        }

        foreach ($reference in $definition.SelectNodes('/Project/ItemGroup/ProjectReference')) {
            $projects.Push([IO.Path]::GetFullPath([IO.Path]::Combine($folder, $reference.GetAttribute('Include'))))
        }
    }

    # The shared templates, copied to templates/ as they lie under templates/.
    $shared = [IO.Path]::Combine($HarnessRoot, 'templates')
    foreach ($file in Get-SourceFile $shared) {
        $reason = Get-OutdatedReason ([IO.Path]::Combine($templates, [IO.Path]::GetRelativePath($shared, $file))) @($file)
        if ($reason) { return $reason }
    }

    # The BLAKE3 shim, where cargo built it (implementations/Native/Blake3Shim.targets), against the crate files whose
    # change has cargo build it again; the targets file itself is an import of the providers' project, compared above.
    $shim = [IO.Path]::Combine($HarnessOutput, 'libblake3_shim.so')
    if ([IO.File]::Exists($shim)) {
        $crate = [IO.Path]::Combine($HarnessRoot, 'implementations', 'Native', 'blake3-shim')
        $sources = @([IO.Path]::Combine($crate, 'Cargo.toml'), [IO.Path]::Combine($crate, 'build.rs'))
        Get-OutdatedReason $shim ($sources + @(Get-SourceFile ([IO.Path]::Combine($crate, 'src'))))
    }
}

function Invoke-Harness {
    [CmdletBinding()]
    param([string[]] $HarnessArguments)

    $outdated = Get-OutdatedHarnessReason
    try {
        if ($outdated) {
            $PSCmdlet.WriteVerbose("Running the harness through dotnet run, which builds it first: $outdated.")
            & dotnet @HarnessDotnetRun @HarnessArguments
        } else {
            $PSCmdlet.WriteVerbose("Running the built harness, $HarnessProgram, directly: it is up to date.")
            & dotnet $HarnessProgram @HarnessArguments
        }
    } catch [System.Management.Automation.NativeCommandExitException] {
        exit $_.Exception.ExitCode
    }
}

function Stop-WithUsageError([string] $Message) {
    [Console]::Error.WriteLine($Message)
    exit 2
}

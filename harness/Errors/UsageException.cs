namespace CryptoHarness.Errors;

/// <summary>
/// Bad input from the user: one line naming the value and the valid choices; exit code 2. At the bottom of the layers
/// (namespace <c>CryptoHarness</c>) because results, reporting and comparing refuse bad input as the command line does.
/// </summary>
public sealed class UsageException(string message) : Exception(message);

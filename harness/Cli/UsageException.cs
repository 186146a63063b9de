namespace CryptoHarness.Cli;

/// <summary>Bad input from the user: one line naming the value and the valid choices; exit code 2.</summary>
public sealed class UsageException(string message) : Exception(message);

using CryptoHarness.Cli;

return HarnessCommand.Run(args, Console.Out, Console.Error);

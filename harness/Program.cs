using CryptoHarness.Cli;

return HarnessCli.Run(args, HarnessConsole.FromSystemConsole());

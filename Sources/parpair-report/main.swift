import ParPairCLI

ParPairCommand.main()

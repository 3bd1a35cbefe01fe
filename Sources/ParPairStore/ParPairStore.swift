// ParPairStore

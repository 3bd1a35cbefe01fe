// ParPairModel

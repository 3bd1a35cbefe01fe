// ParPairAggregation

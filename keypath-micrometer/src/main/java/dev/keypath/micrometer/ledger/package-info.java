/**
 * A ledger of what each access pattern of a key-path table costs: calls, latency percentiles, capacity per table
 * and index, read amplification, and the partitions that consumed the most capacity over a recent window, in
 * bounded memory. It is an {@link dev.keypath.dynamodb.OperationListener}; Spring Boot applications get one as a
 * bean and see it at {@code /actuator/keypath}.
 */
package dev.keypath.micrometer.ledger;

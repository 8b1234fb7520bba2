/**
 * Network faults between a client and a DynamoDB engine, for tests: {@link dev.keypath.test.faults.FaultProxy}, a
 * loopback HTTP proxy that loses answers after the engine applied a request, answers with a 5xx or a throttle
 * instead, drops requests, delays answers and slows every exchange, as a seeded {@link
 * dev.keypath.test.faults.FaultPlan} deals them.
 */
package dev.keypath.test.faults;

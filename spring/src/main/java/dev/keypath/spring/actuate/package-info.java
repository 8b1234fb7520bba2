/**
 * Spring Boot Actuator support: the {@code keypath} endpoint, which lists what each access pattern of the table
 * costs and its hottest partitions. Loaded only when the application has Actuator.
 */
package dev.keypath.spring.actuate;

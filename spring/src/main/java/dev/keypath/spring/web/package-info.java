/**
 * keypath's exceptions as RFC 9457 problem details for Spring MVC applications
 * ({@link dev.keypath.spring.web.KeyPathProblemDetails}).
 */
package dev.keypath.spring.web;

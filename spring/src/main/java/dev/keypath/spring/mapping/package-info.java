/**
 * Spring Data's view of keypath item types ({@link dev.keypath.spring.mapping.KeyPathMappingContext}) and the
 * callback that runs before saves ({@link dev.keypath.spring.mapping.BeforeSaveCallback}).
 */
package dev.keypath.spring.mapping;

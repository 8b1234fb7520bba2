/** Annotations that declare how records and classes are stored in a key-path table. */
package dev.keypath.dynamodb.annotation;

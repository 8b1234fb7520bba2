/** Spring Data auditing of keypath items: {@link dev.keypath.spring.auditing.EnableKeyPathAuditing}. */
package dev.keypath.spring.auditing;

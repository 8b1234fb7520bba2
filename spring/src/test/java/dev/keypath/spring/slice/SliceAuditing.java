package dev.keypath.spring.slice;

import dev.keypath.spring.auditing.EnableKeyPathAuditing;
import java.util.Optional;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.domain.AuditorAware;

/** Auditing switched on in a configuration class of its own, as applications often do, with its auditor. */
@Configuration(proxyBeanMethods = false)
@EnableKeyPathAuditing
public class SliceAuditing {
    @Bean
    AuditorAware<String> sliceAuditor() {
        return () -> Optional.of("slice-user");
    }
}

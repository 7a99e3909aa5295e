import { CAPABILITY_LABELS, type ProbeResult, type Switches } from '../../shared/model-probe/schema';
import { describeContext } from '../../shared/model-probe/context';

/** One line for "Test connection": what works, what does not, and which switches the result moved. */
export function summarize(result: ProbeResult, changed: Switches = {}): { ok: boolean; message: string } {
  const works = result.capabilities.filter((c) => c.status === 'works').map((c) => CAPABILITY_LABELS[c.capability].toLowerCase());
  const ok = works.length > 0;
  // Every check failed alike (a wrong key, nothing listening, a stall): the first one's words say why.
  if (!ok) return { ok, message: `${result.model} passed no check: ${result.capabilities[0]?.message ?? result.models.message}` };
  const fails = result.capabilities.length - works.length;
  const set = Object.entries(changed).map(([name, on]) => `${name === 'vision' ? 'Takes images' : 'Takes tool calls'} is now ${on ? 'on' : 'off'}`);
  return {
    ok,
    message: [
      `${result.model} answered: ${works.length} of ${result.capabilities.length} checks work${fails ? `, ${fails} ${fails === 1 ? 'does' : 'do'} not` : ''}.`,
      ...(result.models.found === false ? [result.models.message] : []),
      // Only when a server said: OpenAI never does, and then there is nothing to add.
      ...(result.context ? [describeContext(result.context)] : []),
      ...(set.length ? [`${set.join('; ')}.`] : []),
    ].join(' '),
  };
}

// FHIR JSON → FHIR XML in a worker thread (docs/decisions/086-fhir-xml-off-the-event-loop.md): FHIR.js walks the R4
// definitions of every element it writes, milliseconds a page, which on the API's own thread delayed every other
// request behind it. Plain JavaScript, so that a worker loads it as it is, from the sources or from the build.
import { Fhir } from 'fhir';

const converter = new Fhir();

/** @param {object} resource a FHIR JSON resource @returns {string} the same resource as FHIR XML */
export default function toXml(resource) {
  return converter.objToXml(resource);
}

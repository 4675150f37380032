import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EducationMethod, EducationType } from '../../protocol';

/** The names of the safety education types (protocol/education.ts EDUCATION_TYPES). */
export const EDUCATION_TYPE_LABEL: Readonly<Record<EducationType, MessageDescriptor>> = {
  threeLevel: msg`Three-level education`,
  briefing: msg`Safety briefing`,
  exit: msg`Exit education`,
  skill: msg`Skill training`,
  daily: msg`Daily education`,
  preShift: msg`Pre-shift education`,
  onSite: msg`On-site education`,
  vr: msg`VR education`,
  online: msg`Online education`,
  briefingAssessment: msg`Briefing assessment`,
  other: msg`Other`,
};

/** The names of the ways a training is given (EDUCATION_METHODS). */
export const EDUCATION_METHOD_LABEL: Readonly<Record<EducationMethod, MessageDescriptor>> = {
  classroom: msg`Classroom`,
  onSite: msg`On site`,
  video: msg`Video`,
  vr: msg`VR`,
  online: msg`Online`,
  other: msg`Other`,
};
